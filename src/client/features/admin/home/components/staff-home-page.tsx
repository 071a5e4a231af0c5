import { AlertTriangle, ArrowRight, CreditCard, Inbox, Server, TrendingUp, UserPlus, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatMoney } from '../../../../../shared/money';
import type { StaffHome } from '../../../../../shared/schemas/admin/home';
import { Card } from '../../../../components/ui/card';
import { PageSpinner } from '../../../../components/ui/page-spinner';
import { cn } from '../../../../lib/cn';
import { useSession } from '../../../../lib/session';
import { useStaffHome } from '../api/get-staff-home';
import { serverStatusLabel, shortDay, waitedFor } from './home-format';
import { SamplePages } from './sample-pages';
import { RevenueSection } from './revenue-section';

const tileClass =
  'group block h-full rounded-2xl border border-line bg-surface p-5 transition-colors hover:border-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent';

/** One number, linking to the list it summarises. */
function Tile({ to, icon, label, value, detail, tone }: { to: string; icon: ReactNode; label: string; value: string; detail: string; tone?: 'warn' }) {
  return (
    <li>
      <Link to={to} className={tileClass}>
        <p className="flex items-center gap-2 text-sm font-medium text-muted">
          {icon}
          {label}
        </p>
        <p className={cn('mt-2 text-3xl font-extrabold tabular-nums', tone === 'warn' && 'text-warn')}>{value}</p>
        <p className="mt-1 flex items-center gap-1 text-xs text-muted group-hover:text-ink">
          {detail}
          <ArrowRight className="h-3 w-3" aria-hidden="true" />
        </p>
      </Link>
    </li>
  );
}

function ServersTile({ home }: { home: StaffHome }) {
  const total = home.serversByStatus.reduce((s, x) => s + x.count, 0);
  return (
    <li>
      <Card className="h-full p-5">
        <h2 className="flex items-center gap-2 text-sm font-medium text-muted">
          <Server className="h-4 w-4" aria-hidden="true" />
          <Link to="/admin/servers" className="hover:text-ink hover:underline">
            Active servers
          </Link>
        </h2>
        <p className="mt-2 text-3xl font-extrabold tabular-nums">{total}</p>
        {home.serversByStatus.length === 0 ? (
          <p className="mt-1 text-xs text-muted">No servers are running yet.</p>
        ) : (
          <ul className="mt-2 space-y-1 text-sm" aria-label="Active servers by state">
            {home.serversByStatus.map((s) => (
              <li key={s.status}>
                <Link to={`/admin/servers?status=${s.status}`} className="flex justify-between gap-3 rounded px-1 hover:bg-surface-2">
                  <span>{serverStatusLabel(s.status)}</span>
                  <span className="tabular-nums">{s.count}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </li>
  );
}

function TicketsTile({ home }: { home: StaffHome }) {
  const oldest = home.tickets.oldestWaiting;
  return (
    <li>
      <Card className="h-full p-5">
        <h2 className="flex items-center gap-2 text-sm font-medium text-muted">
          <Inbox className="h-4 w-4" aria-hidden="true" />
          <Link to="/admin/tickets?status=open" className="hover:text-ink hover:underline">
            Open tickets
          </Link>
        </h2>
        <p className="mt-2 text-3xl font-extrabold tabular-nums">{home.tickets.open}</p>
        {oldest ? (
          <p className="mt-1 text-xs text-muted">
            Oldest waiting {waitedFor(oldest.waitingSince, Date.parse(home.generatedAt))}:{' '}
            <Link to={`/admin/tickets/${oldest.id}`} className="break-words text-accent hover:underline">
              {oldest.subject}
            </Link>
          </p>
        ) : (
          <p className="mt-1 text-xs text-muted">Nobody is waiting for an answer.</p>
        )}
      </Card>
    </li>
  );
}

/** A revenue figure in each currency the shop has money in, side by side: never added up (decision 063). */
function perCurrency(home: StaffHome, pick: (revenue: StaffHome['revenue']) => number): string {
  return home.currencies.map((c) => formatMoney(pick(c.revenue), c.currency)).join(' · ');
}

/** /admin: the day's numbers at a glance, each tile opening its filtered list, and 90 days of revenue. */
export default function StaffHomePage() {
  const { data: home, isError } = useStaffHome();
  const { user } = useSession();
  const greeting = user?.firstName ? `Hello, ${user.firstName}` : 'Staff home';

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-extrabold sm:text-3xl">{greeting}</h1>
        <p className="mt-1 text-muted">How the business is doing today. Days are counted in UTC.</p>
      </div>
      <SamplePages />
      {isError && <p className="text-danger">We could not load the numbers. Please refresh the page.</p>}
      {!home && !isError && <PageSpinner label="Loading the staff home..." />}
      {home && (
        <>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-label="Today at a glance">
            <Tile
              to={`/admin/orders?status=paid&from=${home.today}`}
              icon={<Wallet className="h-4 w-4" aria-hidden="true" />}
              label="Revenue today"
              value={perCurrency(home, (r) => r.todayCents)}
              detail="Payments minus refunds, see today's orders"
            />
            <Tile
              to={`/admin/orders?status=paid&from=${home.revenue.last30DaysFrom}`}
              icon={<TrendingUp className="h-4 w-4" aria-hidden="true" />}
              label="Revenue, last 30 days"
              value={perCurrency(home, (r) => r.last30DaysCents)}
              detail={`Since ${shortDay(home.revenue.last30DaysFrom)}, see the orders`}
            />
            <Tile
              to="/admin/servers"
              icon={<CreditCard className="h-4 w-4" aria-hidden="true" />}
              label="Monthly recurring revenue"
              value={perCurrency(home, (r) => r.mrrCents)}
              detail="Running services per month, see the servers"
            />
            <Tile
              to={`/admin/customers?since=${home.newCustomers.since}`}
              icon={<UserPlus className="h-4 w-4" aria-hidden="true" />}
              label="New customers, last 7 days"
              value={String(home.newCustomers.last7Days)}
              detail={`Since ${shortDay(home.newCustomers.since)}, see who`}
            />
            <ServersTile home={home} />
            <TicketsTile home={home} />
            <Tile
              to="/admin/servers?filter=failed"
              icon={<AlertTriangle className="h-4 w-4" aria-hidden="true" />}
              label="Provisioning failures"
              value={String(home.provisioningFailures)}
              detail={home.provisioningFailures ? 'Servers that failed to set up, retry them' : 'Every server set up fine'}
              tone={home.provisioningFailures ? 'warn' : undefined}
            />
            <Tile
              to="/admin/customers?filter=dunning"
              icon={<CreditCard className="h-4 w-4" aria-hidden="true" />}
              label="Renewals failing"
              value={String(home.dunningFailures)}
              detail={home.dunningFailures ? 'Customers in dunning, see who' : 'No renewal is failing'}
              tone={home.dunningFailures ? 'warn' : undefined}
            />
          </ul>
          {home.currencies.map((c) => (
            <RevenueSection key={c.currency} series={c.series} currency={c.currency} named={home.currencies.length > 1} />
          ))}
        </>
      )}
    </div>
  );
}
