import { CheckCircle2, ExternalLink, Loader2, RefreshCw, TriangleAlert } from 'lucide-react';
import { useCallback, useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { formatIn } from '../../../lib/money';
import { currentLocale, useT, type Translate } from '../../../lib/i18n';
import type { PublicKey } from '../../../../shared/i18n/keys';
import { refundDaysValues } from '../../../../shared/business-rules';
import { useBusinessRules } from '../../../lib/business-rules';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { BRAND } from '../../../lib/brand';
import { useCatalog } from '../../../lib/catalog';
import { useLiveEvents } from '../../../lib/live-events';
import { useSession } from '../../../lib/session';
import { useCheckoutState, type ServerView } from '../api/get-checkout-state';
import { useLatestPurchase } from '../api/get-latest-purchase';
import { useServerStatus } from '../api/get-server-status';
import { ProvisioningSteps } from './provisioning-steps';

function ServerDetails({ server, locationLabel, gameLabel }: { server: ServerView; locationLabel: string; gameLabel: string }) {
  const t = useT();
  const ram = server.ramGb ?? server.ram;
  const cpu = server.vcpu ?? server.cpu;
  const address = server.ip ? `${server.ip}${server.port ? `:${server.port}` : ''}` : t('success.detail.settingUp');
  // The test id names the row in English whatever the page's language.
  const rows: [string, PublicKey, string][] = [
    ['server-server-name', 'success.detail.name', server.name],
    ['server-server-id', 'success.detail.id', server.id.slice(0, 8)],
    ['server-address', 'success.detail.address', address],
    ['server-game', 'success.detail.game', gameLabel],
    ['server-ram', 'success.detail.ram', ram == null ? '—' : t('success.detail.ramValue', { gb: ram })],
    ['server-cpu', 'success.detail.cpu', cpu == null ? '—' : t('success.detail.cpuValue', { count: cpu })],
    ['server-location', 'success.detail.location', locationLabel],
  ];
  return (
    <dl className="grid gap-3 text-sm sm:grid-cols-2">
      {rows.map(([testId, label, v]) => (
        <div key={testId} className="rounded-lg bg-bg px-3 py-2">
          <dt className="text-xs text-muted">{t(label)}</dt>
          <dd className="font-semibold" data-testid={testId}>
            {v}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The failure message, plus when the refund reaches the card once it is issued. While staff may
 * still fix the server (the reason says the refund comes only if it cannot be fixed), no refund is promised yet.
 */
function failureText(t: Translate, reason: string | null, refundDays: { days: number; range: string }): string {
  const text = reason ?? t('success.failedDefault');
  const refunded = text.includes('refunded in full') && !text.includes('if it cannot be fixed');
  return refunded ? `${text} ${t('success.refundDays', refundDays)}` : text;
}

export default function SuccessPage() {
  const t = useT();
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const { user } = useSession();
  const signedIn = Boolean(user);
  const { data: catalog } = useCatalog();
  const rules = useBusinessRules();
  const checkout = useCheckoutState(signedIn ? sessionId : null);
  const status = useServerStatus(signedIn && !sessionId);
  const latest = useLatestPurchase(signedIn && !sessionId);
  useLiveEvents(useCallback(() => undefined, []));

  const server = sessionId ? (checkout.data?.server ?? null) : (status.data?.server ?? null);
  const ready = server?.status?.toLowerCase() === 'online';
  const failed = server?.status?.toLowerCase() === 'failed';
  const wasReady = useRef<boolean | undefined>(undefined);
  useEffect(() => {
    if (!server) return;
    if (wasReady.current === false && ready) {
      toast.success(t('success.readyToast'), { description: t('success.readyToastText') });
    }
    wasReady.current = ready;
  }, [server, ready, t]);

  if (user === undefined) return <PageSpinner />;
  if (!user) {
    return (
      <section className="mx-auto max-w-xl px-4 py-20 text-center">
        <h1 className="text-3xl font-bold">{t('success.signInTitle')}</h1>
        <ButtonLink to="/auth" state={{ from: `/success${sessionId ? `?session_id=${sessionId}` : ''}` }} className="mt-6">
          {t('layout.account.signIn')}
        </ButtonLink>
      </section>
    );
  }
  if (sessionId && checkout.isError) {
    return (
      <section className="mx-auto max-w-xl px-4 py-20 text-center">
        <h1 className="text-3xl font-bold">{t('success.notFound')}</h1>
        <p className="mt-3 text-muted">{checkout.error.message}</p>
        <ButtonLink to="/dashboard" className="mt-6">
          {t('success.goDashboard')}
        </ButtonLink>
      </section>
    );
  }
  if (sessionId ? checkout.isPending : status.isPending) return <PageSpinner label={t('success.loading')} />;

  const order = checkout.data?.order;
  const purchase = checkout.data?.purchase;
  const paid = Boolean(purchase) || order?.status === 'paid';
  const summary = sessionId
    ? order && { plan: order.planName, amount: purchase?.amountCents ?? order.totalCents, currency: order.currency, id: order.id, date: purchase?.createdAt ?? order.createdAt }
    : latest.data?.purchase && {
        plan: latest.data.purchase.planName,
        amount: latest.data.purchase.amountCents,
        currency: latest.data.purchase.currency,
        id: latest.data.purchase.orderId,
        date: latest.data.purchase.createdAt,
      };
  const gameLabel = catalog?.games.find((g) => g.slug === server?.game)?.name ?? server?.game ?? 'Minecraft';
  const locationLabel = catalog?.locations.find((l) => l.value === server?.location)?.label ?? server?.location ?? 'US East';

  return (
    <div className="mx-auto max-w-4xl px-4 py-12">
      <header className="text-center">
        {ready ? (
          <CheckCircle2 className="mx-auto h-14 w-14 text-accent" aria-hidden="true" />
        ) : failed ? (
          <TriangleAlert className="mx-auto h-14 w-14 text-danger" aria-hidden="true" />
        ) : (
          <Loader2 className="mx-auto h-14 w-14 animate-spin text-accent" aria-hidden="true" />
        )}
        <h1 className="mt-4 text-3xl font-extrabold sm:text-4xl" aria-live="polite">
          {ready ? t('success.welcome', { brand: BRAND }) : failed ? t('success.failedTitle') : t('success.settingUp')}
        </h1>
        <p className="mx-auto mt-3 max-w-xl text-muted">
          {ready
            ? t('success.readyText')
            : failed
              ? failureText(t, server?.failureReason ?? null, refundDaysValues(rules))
              : t('success.preparing', { hint: t('success.hint') })}
        </p>
      </header>

      <div className="mt-10 grid gap-6 md:grid-cols-2">
        <Card>
          <h2 className="text-lg font-bold">{t('summary.title')}</h2>
          {summary ? (
            <dl className="mt-4 space-y-2 text-sm">
              <div className="flex justify-between gap-4">
                <dt className="text-muted">{t('success.plan')}</dt>
                <dd className="font-semibold">{summary.plan}</dd>
              </div>
              <div className="flex justify-between gap-4">
                <dt className="text-muted">{t('success.amountPaid')}</dt>
                <dd className="font-semibold" data-testid="amount-paid">
                  {formatIn(summary.amount, summary.currency)}
                </dd>
              </div>
              <div className="flex justify-between gap-4">
                <dt className="text-muted">{t('success.orderId')}</dt>
                <dd className="font-mono">{summary.id.slice(0, 8)}</dd>
              </div>
              <div className="flex justify-between gap-4">
                <dt className="text-muted">{t('success.date')}</dt>
                <dd>{new Date(summary.date).toLocaleString(currentLocale(), { dateStyle: 'medium', timeStyle: 'short' })}</dd>
              </div>
            </dl>
          ) : (
            <p className="mt-4 text-sm text-muted">{t('success.noPurchases')}</p>
          )}
        </Card>
        <Card>
          <h2 className="text-lg font-bold">{t('success.progress')}</h2>
          <div className="mt-4">
            <ProvisioningSteps status={server?.status} paid={paid || Boolean(server)} />
          </div>
          {!ready && !failed && (
            <div className="mt-5 flex flex-wrap items-center gap-3">
              <Button
                variant="outline"
                size="sm"
                onClick={() => void (sessionId ? checkout.refetch() : status.refetch())}
              >
                <RefreshCw className="h-4 w-4" aria-hidden="true" />
                {t('success.checkStatus')}
              </Button>
              <span className="text-xs text-muted">{t('success.usually', { hint: t('success.hint') })}</span>
            </div>
          )}
        </Card>
      </div>

      {server && (
        <Card className="mt-6">
          <h2 className="mb-4 text-lg font-bold">{t('success.yourServer')}</h2>
          <ServerDetails server={server} gameLabel={gameLabel} locationLabel={locationLabel} />
        </Card>
      )}

      <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:justify-center">
        <ButtonLink to="/dashboard">{t('success.goDashboard')}</ButtonLink>
        <ButtonLink to="/dashboard/services" variant="outline">
          {t('success.manage')}
        </ButtonLink>
        {server?.panelUrl && (
          <a
            href={server.panelUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex h-11 items-center justify-center gap-2 rounded-lg border border-line px-5 text-sm font-semibold hover:bg-surface-2"
          >
            {t('success.openPanel')} <ExternalLink className="h-4 w-4" aria-hidden="true" />
            <span className="sr-only">{t('success.newTab')}</span>
          </a>
        )}
      </div>

      <section aria-labelledby="upgrades-heading" className="mt-14">
        <h2 id="upgrades-heading" className="text-center text-xl font-bold">
          {t('success.upgrades')}
        </h2>
        <div className="mt-6 grid gap-4 md:grid-cols-3">
          {(catalog?.packs ?? []).map((u) => (
            <Link key={u.slug} to={`/upgrade/${u.slug}`} className="group">
              <Card className="h-full p-5 transition-colors group-hover:border-accent">
                <p className="font-semibold">{u.name}</p>
                <p className="mt-1 text-sm text-muted">{u.tagline}</p>
              </Card>
            </Link>
          ))}
        </div>
      </section>
    </div>
  );
}
