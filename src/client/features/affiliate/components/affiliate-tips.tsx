import { Lightbulb } from 'lucide-react';
import { policy } from '../../../../shared/policy';
import { Card } from '../../../components/ui/card';

const tips = (commissionPercent: number, commissionMonths: number | null) => [
  'Put your link where players already look for a server: your Discord welcome channel, stream panels and video descriptions.',
  'Show, do not tell: a short clip of your own server, with the link below it, converts better than a bare link.',
  `Your link works for ${policy.affiliate.cookieDays} days after a click, so a pinned post keeps earning long after you share it.`,
  commissionMonths === null
    ? `You earn ${commissionPercent}% of every payment, renewals included: help your referrals get set up and they stay.`
    : `You earn ${commissionPercent}% of every payment, renewals included, for ${commissionMonths} ${commissionMonths === 1 ? 'month' : 'months'} after each referral signs up.`,
  'Never send unsolicited messages or post your link where it is not welcome; spam referrals are not paid.',
];

export function AffiliateTips({ commissionPercent, commissionMonths }: { commissionPercent: number; commissionMonths: number | null }) {
  return (
    <Card>
      <h2 className="flex items-center gap-2 text-lg font-bold">
        <Lightbulb className="h-5 w-5 text-warn" aria-hidden="true" /> Tips
      </h2>
      <ul className="mt-4 list-disc space-y-2 pl-5 text-sm text-muted">
        {tips(commissionPercent, commissionMonths).map((tip) => (
          <li key={tip}>{tip}</li>
        ))}
      </ul>
    </Card>
  );
}
