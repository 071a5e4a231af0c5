import { ticketPriorities, ticketStatuses } from '../../../shared/schemas/support';
import { Button } from '../ui/button';
import { Field } from '../ui/field';
import { useT } from '../../lib/i18n';
import { Select } from '../ui/select';

/** Status and priority selects; an empty value means "any". */
export function TicketFilters({
  id,
  status,
  priority,
  onChange,
}: {
  id?: string;
  status: string;
  priority: string;
  onChange: (next: { status: string; priority: string }) => void;
}) {
  const t = useT();
  return (
    <div id={id} role="group" aria-label={t('support.filters.label')} className="grid gap-4 rounded-xl border border-line bg-surface p-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
      <Field label={t('support.filters.status')}>
        {({ id: fieldId }) => (
          <Select id={fieldId} value={status} onChange={(e) => onChange({ status: e.target.value, priority })}>
            <option value="">{t('support.filters.allStatuses')}</option>
            {ticketStatuses.map((s) => (
              <option key={s} value={s}>
                {t(`support.status.${s}`)}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label={t('support.filters.priority')}>
        {({ id: fieldId }) => (
          <Select id={fieldId} value={priority} onChange={(e) => onChange({ status, priority: e.target.value })}>
            <option value="">{t('support.filters.allPriorities')}</option>
            {ticketPriorities.map((p) => (
              <option key={p} value={p}>
                {t(`support.priorityName.${p}`)}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Button variant="ghost" disabled={!status && !priority} onClick={() => onChange({ status: '', priority: '' })}>
        {t('support.filters.clear')}
      </Button>
    </div>
  );
}
