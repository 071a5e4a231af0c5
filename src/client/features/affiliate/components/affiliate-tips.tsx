import { Lightbulb } from 'lucide-react';
import { policy } from '../../../../shared/policy';
import { Card } from '../../../components/ui/card';
import { translate, useT } from '../../../lib/i18n';

const tips = (commissionPercent: number, commissionMonths: number | null) => [
  translate('affiliate.tips.where'),
  translate('affiliate.tips.show'),
  translate('affiliate.tips.cookie', { days: policy.affiliate.cookieDays }),
  commissionMonths === null
    ? translate('affiliate.tips.earnForever', { percent: commissionPercent })
    : translate('affiliate.tips.earnFor', { percent: commissionPercent, months: commissionMonths }),
  translate('affiliate.tips.spam'),
];

export function AffiliateTips({ commissionPercent, commissionMonths }: { commissionPercent: number; commissionMonths: number | null }) {
  const t = useT();
  return (
    <Card>
      <h2 className="flex items-center gap-2 text-lg font-bold">
        <Lightbulb className="h-5 w-5 text-warn" aria-hidden="true" /> {t('affiliate.tips.title')}
      </h2>
      <ul className="mt-4 list-disc space-y-2 pl-5 text-sm text-muted">
        {tips(commissionPercent, commissionMonths).map((tip) => (
          <li key={tip}>{tip}</li>
        ))}
      </ul>
    </Card>
  );
}
