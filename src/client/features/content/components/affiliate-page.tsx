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
import { IconCard } from '../../../components/ui/icon-card';

const { cookieDays, payoutSchedule } = policy.affiliate;

/** The programme's terms as Settings → Business rules set them. */
function terms(rules: BusinessRules) {
  const { commissionPercent, commissionMonths } = rules.affiliate;
  const minimumPayout = formatPrice(rules.affiliate.minimumPayoutCents);
  const lasting =
    commissionMonths === null
      ? 'renewals included, for as long as they stay'
      : `renewals included, for ${commissionMonths} ${commissionMonths === 1 ? 'month' : 'months'} after they sign up`;
  const stats = [
    { value: `${commissionPercent}%`, label: 'Commission' },
    { value: `${cookieDays} days`, label: 'Referral cookie' },
    { value: minimumPayout, label: 'Minimum payout' },
    { value: 'Monthly', label: 'Payout schedule' },
  ];
  const benefits = [
    {
      icon: Percent,
      title: `${commissionPercent}% on every payment`,
      text: `You earn ${commissionPercent}% of every payment your referrals make, ${lasting}, not just their first order.`,
    },
    {
      icon: Cookie,
      title: `A ${cookieDays}-day cookie`,
      text: `Someone clicks your link today and orders next month? It still counts. Referrals are remembered for ${cookieDays} days.`,
    },
    {
      icon: ChartLine,
      title: 'Tracking you can trust',
      text: 'Clicks, sign-ups, conversions and earnings in your affiliate dashboard, updated as they happen.',
    },
    {
      icon: Wallet,
      title: 'Payouts your way',
      text: `Once you pass ${minimumPayout}, take your earnings as credit for your own servers or request a ${payoutSchedule} payout.`,
    },
  ];
  const steps = [
    {
      icon: UserPlus,
      title: 'Sign up',
      text: 'Create a free account and join the program with one click. Your personal referral code is ready straight away.',
    },
    {
      icon: Megaphone,
      title: 'Promote',
      text: `Share your link in videos, streams, Discord servers and guides. Anyone who signs up through it within ${cookieDays} days counts as your referral.`,
    },
    {
      icon: Coins,
      title: 'Earn',
      text: `Get ${commissionPercent}% of every payment they make. Commissions become payable after the ${rules.refundWindowHours}-hour refund window and are paid out ${payoutSchedule}.`,
    },
  ];
  return { commissionPercent, stats, benefits, steps };
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
  return (
    <Field label={label}>
      {({ id }) => (
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input id={id} value={value} readOnly className="font-mono" onFocus={(e) => e.currentTarget.select()} />
          <Button variant="secondary" onClick={() => void copyWithToast(value, label)} aria-label={`Copy ${label.toLowerCase()}`}>
            <Copy className="h-4 w-4" aria-hidden="true" />
            Copy
          </Button>
        </div>
      )}
    </Field>
  );
}

function ReferralCode({ signedIn, loading }: { signedIn: boolean; loading: boolean }) {
  const origin = useSyncExternalStore(noSubscription, () => window.location.origin, () => '');
  const summary = useAffiliateSummary(signedIn);

  if (loading) {
    return (
      <p role="status" className="text-muted">
        Checking your account...
      </p>
    );
  }
  if (!signedIn) {
    return (
      <p className="text-muted">
        You get your own referral code as soon as you sign up. Create an account, join the program, and your code and
        personal link appear right here, ready to copy.
      </p>
    );
  }
  if (summary.isPending) {
    return (
      <p role="status" className="text-muted">
        Loading your referral code...
      </p>
    );
  }
  const code = summary.data?.referralCode;
  if (!code) {
    return (
      <p role="status" className="text-muted">
        Your code is being created. It will show up here and in your affiliate dashboard in a moment.
      </p>
    );
  }
  return (
    <div className="space-y-4">
      <CopyField label="Referral code" value={code} />
      <CopyField label="Referral link" value={`${origin}/signup?ref=${encodeURIComponent(code)}`} />
    </div>
  );
}

function joinErrorMessage(error: unknown) {
  if (error instanceof ApiError && error.status === 404) return 'Affiliate sign-ups are not open yet. Please try again soon.';
  if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) {
    return 'An unexpected error occurred. Please try again.';
  }
  return error.message;
}

function JoinPanel() {
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
      toast.success("You're In!", { description: 'Welcome to the affiliate program. Share your link and start earning.' });
      void queryClient.invalidateQueries({ queryKey: ['affiliate'] });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) {
        setJoined(true);
        toast.success("You're Already In", { description: 'Your account is already part of the affiliate program.' });
        return;
      }
      if (error instanceof ApiError && error.status === 401) {
        void refreshSession();
        navigate('/login', { state: { from: '/affiliate', message: 'Please sign in again to join the affiliate program' } });
        return;
      }
      toast.error('Join Failed', { description: joinErrorMessage(error) });
    },
  });

  function onJoin() {
    if (signedIn) {
      join.mutate();
      return;
    }
    navigate('/signup', { state: { from: '/affiliate', message: 'Create an account to join the affiliate program' } });
  }

  return (
    <Card className="space-y-6 sm:p-8">
      <div>
        <h2 id="referral-code-heading" className="text-2xl font-bold">
          Your Referral Code
        </h2>
        <p className="mt-2 text-sm text-muted">
          Every {BRAND} account has its own code. Links look like <span className="font-mono text-ink">/signup?ref=YOURCODE</span>.
        </p>
      </div>
      <ReferralCode signedIn={signedIn} loading={loading} />
      <div className="border-t border-line pt-6">
        {joined ? (
          <div className="space-y-4">
            <p className="text-ink">You&apos;re in! Track your clicks, referrals and earnings from your affiliate dashboard.</p>
            <ButtonLink to="/dashboard/affiliate" size="lg">
              Go to Affiliate Dashboard
            </ButtonLink>
          </div>
        ) : (
          <Button size="lg" onClick={onJoin} disabled={loading || join.isPending} className="w-full sm:w-auto">
            {join.isPending ? 'Joining...' : 'Join the Affiliate Program'}
          </Button>
        )}
      </div>
    </Card>
  );
}

export default function AffiliatePage() {
  const rules = useBusinessRules();
  const { commissionPercent, stats, benefits, steps } = terms(rules);
  return (
    <>
      <PageHeader eyebrow="Affiliate Program" title={`Earn ${commissionPercent}% on Every Server You Refer`}>
        <p>
          Share {BRAND} with your community and earn {commissionPercent}% of every payment your referrals make. No caps, no
          tiers to climb, no fine print.
        </p>
      </PageHeader>
      <div className="mx-auto max-w-5xl space-y-16 px-4 py-12 sm:py-16">
        <section aria-labelledby="affiliate-stats-heading">
          <h2 id="affiliate-stats-heading" className="sr-only">
            Program at a glance
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
            Why Promote {BRAND}
          </h2>
          <ul className="mt-6 grid gap-4 sm:grid-cols-2">
            {benefits.map((item) => (
              <IconCard key={item.title} {...item} />
            ))}
          </ul>
        </section>

        <section aria-labelledby="affiliate-steps-heading">
          <h2 id="affiliate-steps-heading" className="text-2xl font-bold sm:text-3xl">
            How It Works
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
                  <span className="sr-only">Step {index + 1}: </span>
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
                The program is closed for now
              </h2>
              <p className="mt-2 text-muted">
                We are not taking new affiliates at the moment. Affiliates who already joined keep their dashboard and their earnings.
              </p>
            </Card>
          </section>
        )}
      </div>
    </>
  );
}
