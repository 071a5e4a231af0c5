import type { BillingStatus } from '../../../../shared/schemas/billing';
import { Badge } from '../../../components/ui/badge';
import { useT } from '../../../lib/i18n';

/** The spec's billing colours: paid green, failed red, pending yellow, scheduled violet; refunded grey. */
const tones = { paid: 'green', failed: 'red', pending: 'yellow', scheduled: 'violet', refunded: 'grey' } as const;

export function BillingStatusBadge({ status }: { status: BillingStatus }) {
  const t = useT();
  return (
    <Badge tone={tones[status]} data-status={status}>
      <span className="sr-only">{t('billing.status.label')} </span>
      {t(`billing.status.${status}`)}
    </Badge>
  );
}
