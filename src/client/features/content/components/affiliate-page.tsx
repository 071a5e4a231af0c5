import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ChartLine, Coins, Cookie, Copy, Megaphone, Percent, UserPlus, Wallet } from 'lucide-react';
import { useState, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field, Input } from '../../../components/ui/field';
import { PageHeader } from '../../../components/ui/page-header';
import { ApiError, api } from '../../../lib/api-client';
import { BRAND } from '../../../lib/brand';
import { refreshSession, useSession } from '../../../lib/session';
import { formatPrice } from '../../../lib/money';
import type { BusinessRules } from '../../../../shared/business-rules';
import { policy } from '../../../../shared/policy';
import { useBusinessRules } from '../../../lib/business-rules';
import { copyWithToast } from '../../../lib/clipboard';
import { useLocale, useT, type Translate } from '../../../lib/i18n';
import { IconCard } from '../../../components/ui/icon-card';

const { cookieDays, payoutSchedule } = policy.affiliate;

/** The programme's terms as Settings → Business rules set them, in the page's language. */
function terms(rules: BusinessRules, t: Translate) {
  const { commissionPercent: percent, commissionMonths } = rules.affiliate;
  const minimum = formatPrice(rules.affiliate.minimumPayoutCents);
  const schedule = payoutSchedule;
  const days = cookieDays;
  const lasting = commissionMonths === null ? t('affiliatePage.lastingForever') : t('affiliatePage.lastingMonths', { months: commissionMonths });
  const stats = [
    { value: t('affiliatePage.statCommissionValue', { percent }), label: t('affiliatePage.statCommission') },
    { value: t('affiliatePage.statCookieValue', { days }), label: t('affiliatePage.statCookie') },
    { value: minimum, label: t('affiliatePage.statMinimum') },
    { value: t('affiliatePage.statScheduleValue', { schedule }), label: t('affiliatePage.statSchedule') },
  ];
  const benefits = [
    { icon: Percent, title: t('affiliatePage.benefitPercentTitle', { percent }), text: t('affiliatePage.benefitPercentText', { percent, lasting }) },
    { icon: Cookie, title: t('affiliatePage.benefitCookieTitle', { days }), text: t('affiliatePage.benefitCookieText', { days }) },
    { icon: ChartLine, title: t('affiliatePage.benefitTrackingTitle'), text: t('affiliatePage.benefitTrackingText') },
    { icon: Wallet, title: t('affiliatePage.benefitPayoutTitle'), text: t('affiliatePage.benefitPayoutText', { minimum, schedule }) },
  ];
  const steps = [
    { icon: UserPlus, title: t('affiliatePage.stepSignUpTitle'), text: t('affiliatePage.stepSignUpText') },
    { icon: Megaphone, title: t('affiliatePage.stepPromoteTitle'), text: t('affiliatePage.stepPromoteText', { days }) },
    { icon: Coins, title: t('affiliatePage.stepEarnTitle'), text: t('affiliatePage.stepEarnText', { percent, hours: rules.refundWindowHours, schedule }) },
  ];
  return { percent, stats, benefits, steps };
}

interface AffiliateSummary {
  referralCode?: string | null;
  joined?: boolean;
}

/** GET /api/affiliate for the signed-in visitor: their code, and whether they joined. */
function useAffiliateSummary(signedIn: boolean) {
  return useQuery({
    queryKey: ['affiliate', 'summary'],
    queryFn: () => api<AffiliateSummary>('/affiliate'),
    enabled: signedIn,
    retry: false,
    staleTime: 60_000,
  });
}

const noSubscription = () => () => undefined;



function CopyField({ label, value }: { label: string; value: string }) {
  const t = useT();
  const locale = useLocale();
  // English and the Romance languages write the noun in lower case mid-sentence; German keeps its capital.
  const what = locale === 'de' ? label : label.toLocaleLowerCase(locale);
  return (
    <Field label={label}>
      {({ id }) => (
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input id={id} value={value} readOnly className="font-mono" onFocus={(e) => e.currentTarget.select()} />
          <Button variant="secondary" onClick={() => void copyWithToast(value, label)} aria-label={t('affiliatePage.copyLabel', { what })}>
            <Copy className="h-4 w-4" aria-hidden="true" />
            {t('affiliatePage.copy')}
          </Button>
        </div>
      )}
    </Field>
  );
}

function ReferralCode({ signedIn, loading }: { signedIn: boolean; loading: boolean }) {
  const t = useT();
  const origin = useSyncExternalStore(noSubscription, () => window.location.origin, () => '');
  const summary = useAffiliateSummary(signedIn);

  if (loading) {
    return (
      <p role="status" className="text-muted">
        {t('affiliatePage.checking')}
      </p>
    );
  }
  if (!signedIn) {
    return (
      <p className="text-muted">
        {t('affiliatePage.signedOut')}
      </p>
    );
  }
  if (summary.isPending) {
    return (
      <p role="status" className="text-muted">
        {t('affiliatePage.loadingCode')}
      </p>
    );
  }
  const code = summary.data?.referralCode;
  if (!code) {
    return (
      <p role="status" className="text-muted">
        {t('affiliatePage.creatingCode')}
      </p>
    );
  }
  return (
    <div className="space-y-4">
      <CopyField label={t('affiliatePage.referralCode')} value={code} />
      <CopyField label={t('affiliatePage.referralLink')} value={`${origin}/signup?ref=${encodeURIComponent(code)}`} />
    </div>
  );
}

function joinErrorMessage(error: unknown, t: Translate) {
  if (error instanceof ApiError && error.status === 404) return t('affiliatePage.notOpen');
  if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) {
    return t('affiliatePage.unexpected');
  }
  return error.message;
}

/** The example link in monospace, wherever the language puts it in the sentence. */
function CodeIntro() {
  const t = useT();
  const [before, after] = t('affiliatePage.codeIntro', { brand: BRAND, example: '\u0000' }).split('\u0000');
  return (
    <>
      {before}
      <span className="font-mono text-ink">/signup?ref=YOURCODE</span>
      {after}
    </>
  );
}

function JoinPanel() {
  const t = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user, isError } = useSession();
  const signedIn = Boolean(user);
  const signedOut = user === null || (user === undefined && isError);
  const loading = !signedIn && !signedOut;
  const [justJoined, setJoined] = useState(false);
  const summary = useAffiliateSummary(signedIn);
  const joined = justJoined || (signedIn && summary.data?.joined === true);

  const join = useMutation({
    mutationFn: () => api<unknown>('/affiliate/join', { method: 'POST' }),
    onSuccess: () => {
      setJoined(true);
      toast.success(t('affiliatePage.joined'), { description: t('affiliatePage.joinedText') });
      void queryClient.invalidateQueries({ queryKey: ['affiliate'] });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) {
        setJoined(true);
        toast.success(t('affiliatePage.alreadyIn'), { description: t('affiliatePage.alreadyInText') });
        return;
      }
      if (error instanceof ApiError && error.status === 401) {
        void refreshSession();
        navigate('/login', { state: { from: '/affiliate', message: t('affiliatePage.signInAgain') } });
        return;
      }
      toast.error(t('affiliatePage.joinFailed'), { description: joinErrorMessage(error, t) });
    },
  });

  function onJoin() {
    if (signedIn) {
      join.mutate();
      return;
    }
    navigate('/signup', { state: { from: '/affiliate', message: t('affiliatePage.createAccount') } });
  }

  return (
    <Card className="space-y-6 sm:p-8">
      <div>
        <h2 id="referral-code-heading" className="text-2xl font-bold">
          {t('affiliatePage.codeHeading')}
        </h2>
        <p className="mt-2 text-sm text-muted">
          <CodeIntro />
        </p>
      </div>
      <ReferralCode signedIn={signedIn} loading={loading} />
      <div className="border-t border-line pt-6">
        {joined ? (
          <div className="space-y-4">
            <p className="text-ink">{t('affiliatePage.inText')}</p>
            <ButtonLink to="/dashboard/affiliate" size="lg">
              {t('affiliatePage.toDashboard')}
            </ButtonLink>
          </div>
        ) : (
          <Button size="lg" onClick={onJoin} disabled={loading || join.isPending} className="w-full sm:w-auto">
            {join.isPending ? t('affiliatePage.joining') : t('affiliatePage.join')}
          </Button>
        )}
      </div>
    </Card>
  );
}

export default function AffiliatePage() {
  const t = useT();
  const rules = useBusinessRules();
  const { percent, stats, benefits, steps } = terms(rules, t);
  return (
    <>
      <PageHeader eyebrow={t('affiliatePage.eyebrow')} title={t('affiliatePage.title', { percent })}>
        <p>{t('affiliatePage.intro', { brand: BRAND, percent })}</p>
      </PageHeader>
      <div className="mx-auto max-w-5xl space-y-16 px-4 py-12 sm:py-16">
        <section aria-labelledby="affiliate-stats-heading">
          <h2 id="affiliate-stats-heading" className="sr-only">
            {t('affiliatePage.glance')}
          </h2>
          <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
            {stats.map((s) => (
              <div key={s.label} className="flex flex-col-reverse rounded-2xl border border-line bg-surface p-5 text-center">
                <dt className="text-sm text-muted">{s.label}</dt>
                <dd className="mb-1 text-2xl font-extrabold text-accent sm:text-3xl">{s.value}</dd>
              </div>
            ))}
          </dl>
        </section>

        <section aria-labelledby="affiliate-benefits-heading">
          <h2 id="affiliate-benefits-heading" className="text-2xl font-bold sm:text-3xl">
            {t('affiliatePage.whyHeading', { brand: BRAND })}
          </h2>
          <ul className="mt-6 grid gap-4 sm:grid-cols-2">
            {benefits.map((item) => (
              <IconCard key={item.title} {...item} />
            ))}
          </ul>
        </section>

        <section aria-labelledby="affiliate-steps-heading">
          <h2 id="affiliate-steps-heading" className="text-2xl font-bold sm:text-3xl">
            {t('affiliatePage.howHeading')}
          </h2>
          <ol className="mt-6 grid gap-4 md:grid-cols-3">
            {steps.map(({ icon: Icon, title, text }, index) => (
              <li key={title} className="rounded-2xl border border-line bg-surface p-6">
                <div className="flex items-center gap-3">
                  <span className="flex h-9 w-9 items-center justify-center rounded-full bg-accent font-bold text-accent-ink" aria-hidden="true">
                    {index + 1}
                  </span>
                  <Icon className="h-5 w-5 text-violet" aria-hidden="true" />
                </div>
                <h3 className="mt-4 text-lg font-semibold">
                  <span className="sr-only">{t('affiliatePage.step', { number: index + 1 })} </span>
                  {title}
                </h3>
                <p className="mt-2 text-sm leading-relaxed text-muted">{text}</p>
              </li>
            ))}
          </ol>
        </section>

        {rules.affiliate.enabled ? (
          <section aria-labelledby="referral-code-heading">
            <JoinPanel />
          </section>
        ) : (
          <section aria-labelledby="affiliate-closed-heading">
            <Card className="sm:p-8">
              <h2 id="affiliate-closed-heading" className="text-2xl font-bold">
                {t('affiliatePage.closedTitle')}
              </h2>
              <p className="mt-2 text-muted">
                {t('affiliatePage.closedText')}
              </p>
            </Card>
          </section>
        )}
      </div>
    </>
  );
}
