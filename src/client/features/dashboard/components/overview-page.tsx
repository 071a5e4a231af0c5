import { Activity, CreditCard, ExternalLink, Gift, Headset, Receipt, Server, ShoppingCart, Users } from 'lucide-react';
import { Link } from 'react-router';
import { formatCents } from '../../../../shared/money';
import { ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ServerStatusBadge } from '../../../components/ui/status-badge';
import { useSession } from '../../../lib/session';
import { useOverview } from '../api/get-overview';
import { useServers } from '../api/get-servers';
import { PriceChangeNotices } from './price-change-notices';

const quickActions = [
  { to: '/dashboard/order', label: 'Order New Server', icon: ShoppingCart },
  { to: '/success', label: 'View Last Purchase', icon: Receipt },
  { to: '/dashboard/support', label: 'Create Support Ticket', icon: Headset },
  { to: '/dashboard/affiliate', label: 'View Affiliate Program', icon: Gift },
];

function Tile({ label, value, icon: Icon }: { label: string; value: string; icon: typeof Server }) {
  return (
    <Card className="p-5">
      <div className="flex items-center justify-between">
        <p className="text-sm text-muted">{label}</p>
        <Icon className="h-5 w-5 text-accent" aria-hidden="true" />
      </div>
      <p className="mt-2 text-3xl font-extrabold" data-testid={`tile-${label.toLowerCase().replaceAll(' ', '-')}`}>
        {value}
      </p>
    </Card>
  );
}

export function OverviewPage() {
  const { user } = useSession();
  const overview = useOverview();
  const servers = useServers();
  const name = [user?.firstName, user?.lastName].filter(Boolean).join(' ').trim() || user?.email || '';
  const stats = overview.data?.stats;
  const dash = overview.isPending ? '…' : '0';

  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-2xl font-extrabold sm:text-3xl">Welcome back, {name}</h1>
        <p className="mt-1 text-muted">Here is what is happening with your servers.</p>
      </div>

      <PriceChangeNotices />

      <section aria-label="Account statistics" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Tile label="Active Servers" icon={Server} value={stats ? String(stats.activeServers) : dash} />
        <Tile label="Total Spent" icon={CreditCard} value={stats ? formatCents(stats.totalSpentCents) : dash} />
        <Tile label="Support Tickets" icon={Headset} value={stats ? String(stats.supportTickets) : dash} />
        <Tile label="Referrals" icon={Users} value={stats ? String(stats.referrals) : dash} />
      </section>

      <section aria-labelledby="quick-actions">
        <h2 id="quick-actions" className="mb-4 text-lg font-bold">
          Quick actions
        </h2>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {quickActions.map(({ to, label, icon: Icon }) => (
            <Link key={to} to={to} className="group">
              <Card className="h-full p-5 transition-colors group-hover:border-accent">
                <Icon className="h-5 w-5 text-accent" aria-hidden="true" />
                <p className="mt-3 font-semibold">{label}</p>
              </Card>
            </Link>
          ))}
        </div>
      </section>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <h2 className="text-lg font-bold">Your servers</h2>
          {servers.isError && <p className="mt-4 text-sm text-muted">We could not load your servers right now.</p>}
          {servers.data?.length === 0 && (
            <div className="mt-4 text-sm text-muted">
              <p>No servers yet.</p>
              <ButtonLink to="/deploy" size="sm" className="mt-3">
                Deploy New Server
              </ButtonLink>
            </div>
          )}
          <ul className="mt-4 divide-y divide-line">
            {servers.data?.map((s) => (
              <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div className="min-w-0">
                  <p className="truncate font-semibold">{s.name}</p>
                  <p className="text-xs text-muted">
                    {s.gameName} · {s.planName} · {s.address ?? 'Setting up...'}
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
                      Game Panel <ExternalLink className="h-3.5 w-3.5" aria-hidden="true" />
                      <span className="sr-only">for {s.name} (opens in a new tab)</span>
                    </a>
                  )}
                  <Link to={`/dashboard/services#server-${s.id}`} className="text-sm font-semibold hover:text-accent">
                    Manage<span className="sr-only"> {s.name}</span>
                  </Link>
                </div>
              </li>
            ))}
          </ul>
        </Card>
        <Card>
          <h2 className="flex items-center gap-2 text-lg font-bold">
            <Activity className="h-5 w-5 text-accent" aria-hidden="true" /> Recent activity
          </h2>
          {overview.data?.activity.length === 0 && (
            <p className="mt-4 text-sm text-muted">Nothing yet. Your orders, payments and server events will show here.</p>
          )}
          <ol className="mt-4 space-y-3">
            {overview.data?.activity.map((a) => (
              <li key={a.id} className="flex items-start justify-between gap-4 text-sm">
                <span>{a.message}</span>
                <time dateTime={a.createdAt} className="shrink-0 text-xs text-muted">
                  {new Date(a.createdAt).toLocaleString()}
                </time>
              </li>
            ))}
          </ol>
        </Card>
      </div>
    </div>
  );
}
