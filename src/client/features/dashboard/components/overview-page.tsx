import { Activity, CreditCard, ExternalLink, Gift, Headset, Receipt, Server, ShoppingCart, Users } from 'lucide-react';
import { Link } from 'react-router';
import { formatIn } from '../../../lib/money';
import { useCatalog, useShopCurrency } from '../../../lib/catalog';
import { ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ServerStatusBadge } from '../../../components/ui/status-badge';
import { useLocale, useT } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import type { DashboardKey } from '../../../../shared/i18n/keys';
import { useOverview } from '../api/get-overview';
import { useServers } from '../api/get-servers';
import { PriceChangeNotices } from './price-change-notices';

/** `purchase`: only offered once there is a purchase to show. */
const quickActions: { to: string; label: DashboardKey; icon: typeof Server; purchase?: true }[] = [
  { to: '/dashboard/order', label: 'overview.quick.order', icon: ShoppingCart },
  { to: '/success', label: 'overview.quick.lastPurchase', icon: Receipt, purchase: true },
  { to: '/dashboard/support', label: 'overview.quick.ticket', icon: Headset },
  { to: '/dashboard/affiliate', label: 'overview.quick.affiliate', icon: Gift },
];

/** `id` names the tile for tests in every language (`tile-active-servers`). */
function Tile({ id, label, value, icon: Icon }: { id: string; label: string; value: string; icon: typeof Server }) {
  return (
    <Card className="p-5">
      <div className="flex items-center justify-between">
        <p className="text-sm text-muted">{label}</p>
        <Icon className="h-5 w-5 text-accent" aria-hidden="true" />
      </div>
      <p className="mt-2 text-3xl font-extrabold" data-testid={`tile-${id}`}>
        {value}
      </p>
    </Card>
  );
}

export function OverviewPage() {
  const t = useT();
  const locale = useLocale();
  const count = (n: number) => new Intl.NumberFormat(locale).format(n);
  const { data: catalog } = useCatalog();
  const shopCurrency = useShopCurrency();
  // Each currency on its own ("$14.00 and €12.90"): amounts of different currencies are never added up.
  const spent = (rows: { currency: string; cents: number }[]) =>
    // Nothing spent yet: nought in the currency the customer shops in.
    rows.length === 0 ? formatIn(0, catalog?.currency ?? shopCurrency, locale) : new Intl.ListFormat(locale, { type: 'conjunction' }).format(rows.map((r) => formatIn(r.cents, r.currency, locale)));
  const { user } = useSession();
  const overview = useOverview();
  const servers = useServers();
  const name = [user?.firstName, user?.lastName].filter(Boolean).join(' ').trim() || user?.email || '';
  const stats = overview.data?.stats;
  // A customer who has bought nothing yet is new here: no "back", and no last purchase to view.
  const hasPurchase = overview.data?.hasPurchase ?? false;
  const dash = overview.isPending ? '…' : '0';

  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-2xl font-extrabold sm:text-3xl">{t(hasPurchase ? 'overview.welcome' : 'overview.welcomeNew', { name })}</h1>
        <p className="mt-1 text-muted">{t('overview.intro')}</p>
      </div>

      <PriceChangeNotices />

      <section aria-label={t('overview.stats')} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Tile id="active-servers" label={t('overview.tile.servers')} icon={Server} value={stats ? count(stats.activeServers) : dash} />
        <Tile id="total-spent" label={t('overview.tile.spent')} icon={CreditCard} value={stats ? spent(stats.spent) : dash} />
        <Tile id="support-tickets" label={t('overview.tile.tickets')} icon={Headset} value={stats ? count(stats.supportTickets) : dash} />
        <Tile id="referrals" label={t('overview.tile.referrals')} icon={Users} value={stats ? count(stats.referrals) : dash} />
      </section>

      <section aria-labelledby="quick-actions">
        <h2 id="quick-actions" className="mb-4 text-lg font-bold">
          {t('servers.quick.title')}
        </h2>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {quickActions.filter((a) => !a.purchase || hasPurchase).map(({ to, label, icon: Icon }) => (
            <Link key={to} to={to} className="group">
              <Card className="h-full p-5 transition-colors group-hover:border-accent">
                <Icon className="h-5 w-5 text-accent" aria-hidden="true" />
                <p className="mt-3 font-semibold">{t(label)}</p>
              </Card>
            </Link>
          ))}
        </div>
      </section>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <h2 className="text-lg font-bold">{t('servers.listLabel')}</h2>
          {servers.isError && <p className="mt-4 text-sm text-muted">{t('servers.loadFailed')}</p>}
          {servers.data?.length === 0 && (
            <div className="mt-4 text-sm text-muted">
              <p>{t('overview.noServers')}</p>
              <ButtonLink to="/deploy" size="sm" className="mt-3">
                {t('servers.deployNew')}
              </ButtonLink>
            </div>
          )}
          <ul className="mt-4 divide-y divide-line">
            {servers.data?.map((s) => (
              <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div className="min-w-0">
                  <p className="truncate font-semibold">{s.name}</p>
                  <p className="text-xs text-muted">
                    {s.gameName} · {s.planName} · {s.address ?? t('servers.figure.settingUp')}
                  </p>
                </div>
                <div className="flex items-center gap-3">
                  <ServerStatusBadge status={s.status} />
                  {s.panelUrl && (
                    <a
                      href={s.panelUrl}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="inline-flex items-center gap-1 text-sm text-accent hover:underline"
                    >
                      {t('servers.action.panel')} <ExternalLink className="h-3.5 w-3.5" aria-hidden="true" />
                      <span className="sr-only">{t('overview.panelFor', { name: s.name })}</span>
                    </a>
                  )}
                  <Link to={`/dashboard/services#server-${s.id}`} className="text-sm font-semibold hover:text-accent">
                    {t('overview.manage')}<span className="sr-only"> {s.name}</span>
                  </Link>
                </div>
              </li>
            ))}
          </ul>
        </Card>
        <Card>
          <h2 className="flex items-center gap-2 text-lg font-bold">
            <Activity className="h-5 w-5 text-accent" aria-hidden="true" /> {t('overview.activity')}
          </h2>
          {overview.data?.activity.length === 0 && (
            <p className="mt-4 text-sm text-muted">{t('overview.activityEmpty')}</p>
          )}
          <ol className="mt-4 space-y-3">
            {overview.data?.activity.map((a) => (
              <li key={a.id} className="flex items-start justify-between gap-4 text-sm">
                <span>{a.message}</span>
                <time dateTime={a.createdAt} className="shrink-0 text-xs text-muted">
                  {new Date(a.createdAt).toLocaleString(locale)}
                </time>
              </li>
            ))}
          </ol>
        </Card>
      </div>
    </div>
  );
}
