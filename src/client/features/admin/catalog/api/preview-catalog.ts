import { useMutation } from '@tanstack/react-query';
import type { CatalogPreview, SaveCatalogInput } from '../../../../../shared/schemas/admin/catalog';
import { api } from '../../../../lib/api-client';

/** POST /admin/catalog/preview: what a save would change and whom it would reach; writes nothing. */
export function previewCatalog(input: SaveCatalogInput) {
  return api<CatalogPreview>('/admin/catalog/preview', { method: 'POST', body: input });
}

export function usePreviewCatalog() {
  return useMutation({ mutationFn: previewCatalog });
}
