import { shopCurrency } from '../../lib/shop-currency';
import { fullCatalog, type CatalogDraft } from '../../../shared/catalog-draft';
import { isRetiredAddon, retiredAddonLine } from '../../../shared/delivery';
import { lineText } from '../../../shared/line-text';
import { formatMoney } from '../../../shared/money';
import type { PriceChangeNotice } from '../../../shared/schemas/catalog';
import type { Db } from '../../db/client';
import type { Mailer } from '../../integrations/mail/mailer';
import { getBrand } from '../brand';
import { renderEmail } from '../../integrations/mail/template';
import type { EventBus } from '../../lib/events';
import type { Clock, Ids } from '../../lib/runtime';
import { nextRenewalDate } from '../../lib/renewal-dates';
import { priceServerOrder } from './order-pricing';
import { priceBeforeCoupon } from '../coupons';
import { latestVersion } from './catalog.repository';
import { decidePriceChange } from './price-change-rules';
import {
  changesOf,
  claimReview,
  claimUnsentNotice,
  insertChange,
  noticeContext,
  releaseNotice,
  scheduledChangesOf,
  servicesToReview,
  withdraw,
  type PriceChangeRow,
} from './price-changes.repository';

export interface PriceChangeDeps {
  db: Db;
  clock: Clock;
  ids: Ids;
  mailer: Mailer;
  events?: EventBus;
  brand: string;
  publicUrl: string;
  log: { warn(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
}

export interface ReviewResult {
  version: number;
  reviewed: number;
  increases: number;
  decreases: number;
  withdrawn: number;
}

const BATCH = 200;

type ReviewRow = Awaited<ReturnType<typeof servicesToReview>>[number];

/**
 * What a service would pay per period under `draft`, in the currency it was bought in (an extra
 * currency's price list when it is not `shop`, decision 063); null when the catalog can no
 * longer price it. An add-on retired because nothing delivered it (decision 058) is priced out,
 * and the lines say so at no charge, so the decrease notice and the renewal invoice name it.
 */
export function servicePrice(
  draft: CatalogDraft,
  brand: string,
  server: Pick<ReviewRow['server'], 'game' | 'planId' | 'period' | 'location' | 'addons' | 'name' | 'currency'>,
  shop: string,
) {
  const retired = Object.entries(server.addons).filter(([key, quantity]) => quantity > 0 && isRetiredAddon(key));
  const kept = Object.fromEntries(Object.entries(server.addons).filter(([key]) => !isRetiredAddon(key)));
  try {
    const priced = priceServerOrder(fullCatalog(draft, brand, server.currency, shop), {
      kind: 'server',
      game: server.game,
      plan: server.planId,
      period: server.period,
      location: server.location,
      addons: kept,
      serverName: server.name,
    });
    if (retired.length === 0) return priced;
    const notes = retired.map(([key, quantity]) => ({
      description: retiredAddonLine(draft.addons.find((a) => a.key === key)?.name ?? key),
      text: lineText('line.retiredAddon', { name: draft.addons.find((a) => a.key === key)?.name ?? key }),
      quantity,
      unitCents: 0,
      amountCents: 0,
    }));
    return { ...priced, lines: [...priced.lines.filter((l) => l.kind !== 'coupon'), ...notes, ...priced.lines.filter((l) => l.kind === 'coupon')] };
  } catch {
    return null;
  }
}

/**
 * Checks every running service against the newest catalog version and announces what changes for
 * it (price-change-rules.ts). Prices are compared before any coupon: a coupon keeps applying to
 * the new price on its own terms. Each service is claimed by moving its catalog_version on, in the
 * same transaction as its notice, so workers running at once never announce twice; a run that
 * stops halfway is finished by the next. Emails go out afterwards (sendPriceChangeNotices).
 */
export async function reviewServicePrices(deps: PriceChangeDeps): Promise<ReviewResult> {
  const latest = await latestVersion(deps.db);
  const result: ReviewResult = { version: latest?.version ?? 0, reviewed: 0, increases: 0, decreases: 0, withdrawn: 0 };
  if (!latest) return result;
  const shop = await shopCurrency(deps.db);
  for (;;) {
    const batch = await servicesToReview(deps.db, latest.version, BATCH);
    if (batch.length === 0) break;
    const now = deps.clock.now();
    const touched = new Set<string>();
    await deps.db.transaction(async (tx) => {
      const mine = await claimReview(tx, batch.map((r) => r.server.id), latest.version);
      const { scheduled, applied } = await changesOf(tx, [...mine]);
      for (const row of batch) {
        if (!mine.has(row.server.id)) continue;
        result.reviewed += 1;
        const priced = servicePrice(latest.catalog, deps.brand, row.server, shop);
        if (!priced) {
          deps.log.warn({ serverId: row.server.id, version: latest.version }, 'price review: the catalog cannot price this service; its price stays');
          continue;
        }
        const pending = scheduled.get(row.server.id) ?? null;
        const currentCents = applied.get(row.server.id)?.newCents ?? priceBeforeCoupon(row.order);
        const anchor = row.order.paidAt ?? row.server.createdAt;
        const calendar = {
          nextUnbilled: row.renewalOpen ? nextRenewalDate(row.server.renewsAt, row.order.months, anchor) : row.server.renewsAt,
          months: row.order.months,
          anchor,
        };
        const decision = decidePriceChange({ currentCents, targetCents: priced.totalCents, pending, noticeAt: now, calendar });
        if (decision.action === 'keep') continue;
        touched.add(row.server.userId);
        if (pending) await withdraw(tx, pending.id, now, decision.action === 'withdraw');
        if (decision.action === 'withdraw') {
          result.withdrawn += 1;
          continue;
        }
        await insertChange(tx, {
          id: deps.ids.uuid(),
          serverId: row.server.id,
          userId: row.server.userId,
          catalogVersion: latest.version,
          kind: decision.kind,
          oldCents: currentCents,
          newCents: decision.newCents,
          lines: priced.lines,
          subtotalCents: priced.subtotalCents,
          discountCents: priced.discountCents,
          noticeAt: now,
          appliesFrom: decision.appliesFrom,
          status: 'scheduled',
        });
        if (decision.kind === 'increase') result.increases += 1;
        else result.decreases += 1;
      }
    });
    for (const userId of touched) deps.events?.publish(userId, { topic: 'billing' });
  }
  return result;
}

const longDate = (d: Date) => d.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

function every(months: number) {
  return months === 1 ? 'a month' : `every ${months} months`;
}

function noticeEmail(kind: 'announce' | 'withdraw', change: PriceChangeRow, ctx: { serverName: string; planName: string; months: number; currency: string }) {
  const service = `${ctx.serverName} (${ctx.planName})`;
  const when = longDate(change.appliesFrom);
  if (kind === 'withdraw') {
    return {
      subject: `The price change for ${ctx.serverName} is off`,
      heading: 'Your price stays the same',
      paragraphs: [
        `We told you on ${longDate(change.noticeAt)} that ${service} would cost ${formatMoney(change.newCents, ctx.currency)} from ${when}.`,
        `That change is off: you keep paying ${formatMoney(change.oldCents, ctx.currency)} ${every(ctx.months)}.`,
      ],
    };
  }
  if (change.kind === 'increase') {
    return {
      subject: `Price change for ${ctx.serverName} from ${when}`,
      heading: 'Your price is going up',
      paragraphs: [
        `${service} will cost ${formatMoney(change.newCents, ctx.currency)} ${every(ctx.months)}, up from ${formatMoney(change.oldCents, ctx.currency)}, starting with the renewal on ${when}.`,
        `Until then nothing changes. If you would rather not continue at the new price, you can cancel before ${when} in Billing and you will not be charged again.`,
      ],
    };
  }
  return {
    subject: `Lower price for ${ctx.serverName} from ${when}`,
    heading: 'Your price is going down',
    paragraphs: [
      `${service} will cost ${formatMoney(change.newCents, ctx.currency)} ${every(ctx.months)}, down from ${formatMoney(change.oldCents, ctx.currency)}, starting with the renewal on ${when}.`,
      // Retired add-ons come off at no charge (servicePrice): say which, as the invoice will.
      ...change.lines.filter((l) => l.amountCents === 0 && l.kind !== 'coupon').map((l) => `${l.description}.`),
      'You do not need to do anything.',
    ],
  };
}

/**
 * Emails every notice not yet sent, one at a time, each claimed first so two workers never send
 * the same one. A price notice is part of the contract, so it goes out whatever the customer's
 * billing-email setting. A failed send is released and retried on the next run.
 */
export async function sendPriceChangeNotices(deps: PriceChangeDeps, limit = 500): Promise<number> {
  let sent = 0;
  for (let i = 0; i < limit; i += 1) {
    const claimed = await claimUnsentNotice(deps.db, deps.clock.now());
    if (!claimed) break;
    const ctx = await noticeContext(deps.db, claimed.change);
    if (!ctx) continue;
    const content = noticeEmail(claimed.kind, claimed.change, ctx);
    const body = renderEmail({
      brand: await getBrand(deps.db),
      heading: content.heading,
      paragraphs: [...(ctx.firstName ? [`Hi ${ctx.firstName},`] : []), ...content.paragraphs],
      action: { label: 'Open your dashboard', url: `${deps.publicUrl.replace(/\/+$/, '')}/dashboard` },
    });
    try {
      await deps.mailer.send({ to: ctx.email, subject: content.subject, ...body });
      sent += 1;
    } catch (error) {
      deps.log.warn({ err: error, priceChangeId: claimed.change.id }, 'could not send a price change email; it will be retried');
      await releaseNotice(deps.db, claimed.change.id, claimed.kind);
      break;
    }
  }
  return sent;
}

/** Review, then email: what a save does after it commits, and what the periodic job repeats. */
export async function announcePriceChanges(deps: PriceChangeDeps): Promise<ReviewResult> {
  const result = await reviewServicePrices(deps);
  await sendPriceChangeNotices(deps);
  return result;
}

export async function priceChangeNotices(db: Db, userId: string): Promise<PriceChangeNotice[]> {
  const rows = await scheduledChangesOf(db, userId);
  return rows.map((r) => ({ ...r, noticeAt: r.noticeAt.toISOString(), appliesFrom: r.appliesFrom.toISOString() }));
}
