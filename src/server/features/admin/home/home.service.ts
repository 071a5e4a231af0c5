import { HOME_SERIES_DAYS, type HomeSeriesPoint, type StaffHome } from '../../../../shared/schemas/admin/home';
import type { Db } from '../../../db/client';
import type { Clock } from '../../../lib/runtime';
import { storeCurrencies } from '../../../lib/shop-currency';
import {
  customersCreatedSince,
  failingRenewals,
  monthlyRecurringCents,
  openTickets,
  paymentsByDay,
  refundsByDay,
  serversByStatus,
} from './home.repository';

const dayMs = 24 * 60 * 60_000;

/** The statuses the "active servers" tile counts; failed and cancelled have tiles or no place. */
const activeStatuses = ['provisioning', 'installing', 'starting', 'online', 'stopping', 'offline', 'suspended'];

function startOfUtcDay(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
}

const dayString = (at: Date) => at.toISOString().slice(0, 10);

/** The staff home's tiles and its 90-day revenue series, each aggregated by the database. */
export async function staffHome(deps: { db: Db; clock: Clock }): Promise<StaffHome> {
  const now = deps.clock.now();
  const today = startOfUtcDay(now);
  const seriesFrom = new Date(today.getTime() - (HOME_SERIES_DAYS - 1) * dayMs);
  const last30From = new Date(today.getTime() - 29 * dayMs);
  const last7From = new Date(today.getTime() - 6 * dayMs);

  const [payments, refunded, mrr, newCustomers, statuses, tickets, dunningFailures, { shop }] = await Promise.all([
    paymentsByDay(deps.db, seriesFrom),
    refundsByDay(deps.db, seriesFrom),
    monthlyRecurringCents(deps.db),
    customersCreatedSince(deps.db, last7From),
    serversByStatus(deps.db),
    openTickets(deps.db),
    failingRenewals(deps.db),
    storeCurrencies(deps.db),
  ]);

  // Money is never added up across currencies (decision 063): a series and tiles per currency,
  // the shop's first, then every other one with payments, refunds or running services.
  const paid = new Map(payments.map((p) => [`${p.currency}:${p.day}`, Number(p.cents)]));
  const back = new Map(refunded.map((r) => [`${r.currency}:${r.day}`, Number(r.cents)]));
  const others = new Set([...payments.map((p) => p.currency), ...refunded.map((r) => r.currency), ...mrr.keys()]);
  others.delete(shop);
  const net = (points: HomeSeriesPoint[]) => points.reduce((sum, p) => sum + p.revenueCents - p.refundsCents, 0);
  const byCurrency = [shop, ...[...others].sort()].map((currency) => {
    const series = Array.from({ length: HOME_SERIES_DAYS }, (_, i) => {
      const day = dayString(new Date(seriesFrom.getTime() + i * dayMs));
      return { day, revenueCents: paid.get(`${currency}:${day}`) ?? 0, refundsCents: back.get(`${currency}:${day}`) ?? 0 };
    });
    return {
      currency,
      revenue: { todayCents: net(series.slice(-1)), last30DaysCents: net(series.slice(-30)), last30DaysFrom: dayString(last30From), mrrCents: mrr.get(currency) ?? 0 },
      series,
    };
  });
  const main = byCurrency[0]!;
  const counts = new Map(statuses.map((s) => [s.status as string, Number(s.n)]));

  return {
    generatedAt: now.toISOString(),
    today: dayString(today),
    currency: main.currency,
    revenue: main.revenue,
    currencies: byCurrency,
    newCustomers: { last7Days: newCustomers, since: dayString(last7From) },
    serversByStatus: activeStatuses.map((status) => ({ status, count: counts.get(status) ?? 0 })).filter((s) => s.count > 0),
    tickets: {
      open: tickets.open,
      oldestWaiting: tickets.oldest
        ? { id: tickets.oldest.id, subject: tickets.oldest.subject, waitingSince: new Date(tickets.oldest.waitingSince).toISOString() }
        : null,
    },
    provisioningFailures: counts.get('failed') ?? 0,
    dunningFailures,
    series: main.series,
  };
}
