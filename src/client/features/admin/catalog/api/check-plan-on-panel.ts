import { useMutation } from '@tanstack/react-query';
import type { PanelPlanCheck, PanelPlanCheckInput } from '../../../../../shared/schemas/admin/catalog';
import { api } from '../../../../lib/api-client';

/** POST /admin/catalog/panel-check: one plan of the edited catalog against the panel; creates nothing. */
export function checkPlanOnPanel(input: PanelPlanCheckInput) {
  return api<PanelPlanCheck>('/admin/catalog/panel-check', { method: 'POST', body: input });
}

export function useCheckPlanOnPanel() {
  return useMutation({ mutationFn: checkPlanOnPanel });
}
