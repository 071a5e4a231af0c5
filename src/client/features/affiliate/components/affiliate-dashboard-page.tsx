import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { affiliatePeriods, type AffiliatePeriod } from '../../../../shared/affiliate';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/errors';
import { useT } from '../../../lib/i18n';
import { useAffiliate } from '../api/get-affiliate';
import { useJoinAffiliate } from '../api/join-affiliate';
import { AffiliateTips } from './affiliate-tips';
import { CommissionCard } from './commission-card';
import { PeriodSelector } from './period-selector';
import { RecentReferrals } from './recent-referrals';
import { ReferralLinkCard } from './referral-link-card';
import { StatTiles } from './stat-tiles';

function usePeriod(): [AffiliatePeriod, (p: AffiliatePeriod) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get('period');
  const period = (affiliatePeriods as readonly string[]).includes(raw ?? '') ? (raw as AffiliatePeriod) : 'month';
  function set(p: AffiliatePeriod) {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (p === 'month') next.delete('period');
        else next.set('period', p);
        return next;
      },
      { replace: true },
    );
  }
  return [period, set];
}

/** /dashboard/affiliate: the referral link and shares, the period's figures, referrals, commission and payouts. */
export default function AffiliateDashboardPage() {
  const t = useT();
  const [period, setPeriod] = usePeriod();
  const { data, isError, isFetching } = useAffiliate(period);
  const join = useJoinAffiliate();

  function onJoin() {
    join.mutate(undefined, {
      onSuccess: () => toast.success(t('affiliate.joined'), { description: t('affiliate.joinedText') }),
      onError: (error) => {
        if (error instanceof ApiError && error.status === 409) return;
        toast.error(t('affiliate.joinFailed'), { description: errorMessage(error) });
      },
    });
  }

  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-extrabold sm:text-3xl">{t('affiliate.title')}</h1>
          <p className="mt-1 text-muted">{t('affiliate.intro', { percent: data?.commissionPercent ?? 25 })}</p>
        </div>
        <PeriodSelector value={period} onChange={setPeriod} />
      </div>

      {isError && !data && <p className="text-danger">{t('affiliate.loadFailed')}</p>}
      {!data && !isError && <PageSpinner label={t('affiliate.loading')} />}
      {data && (
        <div className="space-y-6" aria-busy={isFetching}>
          {!data.programmeOpen && (
            <Card className="border-warn/40">
              <p className="text-sm">
                <span className="font-semibold">{t('affiliate.closed')}</span> {t('affiliate.closedText')}
              </p>
            </Card>
          )}
          {data.programmeOpen && !data.joined && (
            <Card className="flex flex-wrap items-center justify-between gap-4 border-accent/40">
              <p className="text-sm">
                <span className="font-semibold">{t('affiliate.notJoined')}</span> {t('affiliate.notJoinedText')}
              </p>
              <Button onClick={onJoin} disabled={join.isPending}>
                {join.isPending ? t('affiliate.joining') : t('affiliate.join')}
              </Button>
            </Card>
          )}
          <StatTiles stats={data.stats} period={data.period} />
          <ReferralLinkCard link={data.referralLink} code={data.referralCode} />
          <div className="grid items-start gap-6 lg:grid-cols-[3fr_2fr]">
            <RecentReferrals referrals={data.recentReferrals} />
            <CommissionCard data={data} />
          </div>
          <AffiliateTips commissionPercent={data.commissionPercent} commissionMonths={data.commissionMonths} />
        </div>
      )}
    </div>
  );
}
