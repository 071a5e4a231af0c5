import { and, desc, eq, inArray, isNotNull, isNull, max, notInArray, or } from 'drizzle-orm';
import type { PaymentMethod } from '../../../shared/schemas/billing';
import { localPaymentMethods, orders, paymentMethodDefaults, planChanges, providerCustomers, regionMoves, renewals, servers } from '../../db/schema';
import { HttpError, notFound } from '../../lib/errors';
import type { BillingDeps } from './billing-deps';

/** A saved card and where it lives: our table (built-in checkout) or a provider customer (Stripe). */
export interface SavedCard {
  id: string;
  customerId: string | null;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

type Deps = Pick<BillingDeps, 'db' | 'clock' | 'payments' | 'events' | 'log'>;

/** `readOnly`: answer from what is known, without asking the provider or storing (a view as the customer). */
export interface ReadOptions {
  readOnly?: boolean;
}

/**
 * The provider customers behind the user's paid checkouts. Stripe creates one customer per
 * checkout, so each paid session is asked once and the answer kept in provider_customers.
 */
async function providerCustomerIds(deps: Deps, userId: string, options: ReadOptions = {}): Promise<string[]> {
  const savedCards = deps.payments.savedCards;
  if (!savedCards) return [];
  const provider = deps.payments.id;
  const known = deps.db
    .select({ sessionId: providerCustomers.sessionId })
    .from(providerCustomers)
    .where(eq(providerCustomers.userId, userId));
  const unasked = await deps.db
    .select({ sessionId: orders.providerSessionId })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.provider, provider),
        inArray(orders.status, ['paid', 'refunded']),
        isNotNull(orders.providerSessionId),
        notInArray(orders.providerSessionId, known),
      ),
    );
  for (const { sessionId } of unasked) {
    if (!sessionId || options.readOnly) continue;
    const customerId = await savedCards.customerOfSession(sessionId);
    await deps.db
      .insert(providerCustomers)
      .values({ sessionId, userId, provider, customerId, checkedAt: deps.clock.now() })
      .onConflictDoNothing();
  }
  // Newest checkout first, so the newest card leads as it does for the built-in checkout.
  const rows = await deps.db
    .select({ customerId: providerCustomers.customerId, latest: max(orders.createdAt) })
    .from(providerCustomers)
    .innerJoin(orders, eq(orders.providerSessionId, providerCustomers.sessionId))
    .where(and(eq(providerCustomers.userId, userId), eq(providerCustomers.provider, provider), isNotNull(providerCustomers.customerId)))
    .groupBy(providerCustomers.customerId)
    .orderBy(desc(max(orders.createdAt)));
  return rows.flatMap((r) => (r.customerId ? [r.customerId] : []));
}

/** The cards of the configured provider, newest first. */
export async function savedCardsOf(deps: Deps, userId: string, options: ReadOptions = {}): Promise<SavedCard[]> {
  const savedCards = deps.payments.savedCards;
  if (savedCards) {
    const lists = await Promise.all((await providerCustomerIds(deps, userId, options)).map((c) => savedCards.list(c)));
    return lists.flat();
  }
  const rows = await deps.db
    .select()
    .from(localPaymentMethods)
    .where(eq(localPaymentMethods.userId, userId))
    .orderBy(desc(localPaymentMethods.createdAt), desc(localPaymentMethods.id));
  return rows.map((r) => ({ ...r, customerId: null }));
}

async function chosenDefault(deps: Deps, userId: string): Promise<string | null> {
  const [row] = await deps.db.select().from(paymentMethodDefaults).where(eq(paymentMethodDefaults.userId, userId));
  return row && row.provider === deps.payments.id ? row.methodId : null;
}

/** The default is the card the customer chose, or else the most recently saved one. */
function withDefault(cards: SavedCard[], chosen: string | null): PaymentMethod[] {
  const defaultId = cards.some((c) => c.id === chosen) ? chosen : (cards[0]?.id ?? null);
  return cards.map((c) => ({
    id: c.id,
    type: 'card',
    brand: c.brand,
    last4: c.last4,
    expiryMonth: c.expMonth,
    expiryYear: c.expYear,
    isDefault: c.id === defaultId,
  }));
}

export async function listPaymentMethods(deps: Deps, userId: string, options: ReadOptions = {}): Promise<PaymentMethod[]> {
  const [cards, chosen] = await Promise.all([savedCardsOf(deps, userId, options), chosenDefault(deps, userId)]);
  return withDefault(cards, chosen);
}

/** The card renewals should charge, or null when the customer has none saved. */
export async function defaultPaymentMethod(deps: Deps, userId: string): Promise<PaymentMethod | null> {
  return (await listPaymentMethods(deps, userId)).find((m) => m.isDefault) ?? null;
}

/**
 * The default card with the provider customer it belongs to, as a card charge stores it on its
 * first try (decision 084); null when the customer has none saved.
 */
export async function defaultSavedCard(deps: Deps, userId: string): Promise<SavedCard | null> {
  const [cards, chosen] = await Promise.all([savedCardsOf(deps, userId), chosenDefault(deps, userId)]);
  return cards.find((c) => c.id === chosen) ?? cards[0] ?? null;
}

/**
 * The first server whose upgrade, move or renewal is being charged to this card and not yet
 * settled (a charge whose outcome is unknown is asked again with the same card, decision 084).
 * A charge that has not stored its card yet may still take the default, so it holds every card.
 */
async function chargeHoldingCard(deps: Deps, userId: string, methodId: string): Promise<{ what: string; serverName: string } | null> {
  const holds = (column: typeof planChanges.chargeMethodId | typeof regionMoves.chargeMethodId | typeof renewals.chargeMethodId) => or(eq(column, methodId), isNull(column));
  const [change] = await deps.db
    .select({ name: servers.name })
    .from(planChanges)
    .innerJoin(servers, eq(servers.id, planChanges.serverId))
    .where(and(eq(planChanges.userId, userId), eq(planChanges.status, 'charging'), holds(planChanges.chargeMethodId)))
    .limit(1);
  if (change) return { what: 'the upgrade', serverName: change.name };
  const [move] = await deps.db
    .select({ name: servers.name })
    .from(regionMoves)
    .innerJoin(servers, eq(servers.id, regionMoves.serverId))
    .where(and(eq(regionMoves.userId, userId), eq(regionMoves.status, 'charging'), holds(regionMoves.chargeMethodId)))
    .limit(1);
  if (move) return { what: 'the move', serverName: move.name };
  const [renewal] = await deps.db
    .select({ name: servers.name })
    .from(renewals)
    .innerJoin(servers, eq(servers.id, renewals.serverId))
    .where(and(eq(renewals.userId, userId), eq(renewals.status, 'charging'), holds(renewals.chargeMethodId)))
    .limit(1);
  return renewal ? { what: 'the renewal', serverName: renewal.name } : null;
}

async function ownCard(deps: Deps, userId: string, methodId: string): Promise<SavedCard> {
  const card = (await savedCardsOf(deps, userId)).find((c) => c.id === methodId);
  if (!card) throw notFound('That payment method was not found.');
  return card;
}

export async function setDefaultPaymentMethod(deps: Deps, userId: string, methodId: string): Promise<PaymentMethod[]> {
  const card = await ownCard(deps, userId, methodId);
  if (card.customerId && deps.payments.savedCards) await deps.payments.savedCards.setDefault(card.customerId, card.id);
  const values = { userId, provider: deps.payments.id, methodId: card.id, updatedAt: deps.clock.now() };
  await deps.db
    .insert(paymentMethodDefaults)
    .values(values)
    .onConflictDoUpdate({ target: paymentMethodDefaults.userId, set: { provider: values.provider, methodId: values.methodId, updatedAt: values.updatedAt } });
  deps.events.publish(userId, { topic: 'billing', id: card.id });
  return listPaymentMethods(deps, userId);
}

export async function removePaymentMethod(deps: Deps, userId: string, methodId: string): Promise<PaymentMethod[]> {
  const card = await ownCard(deps, userId, methodId);
  const holding = await chargeHoldingCard(deps, userId, card.id);
  if (holding) {
    throw new HttpError(
      409,
      'card_in_use',
      `This card is paying for ${holding.what} of ${holding.serverName}, and that payment is not confirmed yet. You can remove the card once it is settled.`,
    );
  }
  if (deps.payments.savedCards) {
    await deps.payments.savedCards.remove(card.id);
  } else {
    await deps.db
      .delete(localPaymentMethods)
      .where(and(eq(localPaymentMethods.id, card.id), eq(localPaymentMethods.userId, userId)));
  }
  await deps.db
    .delete(paymentMethodDefaults)
    .where(and(eq(paymentMethodDefaults.userId, userId), eq(paymentMethodDefaults.methodId, card.id)));
  deps.events.publish(userId, { topic: 'billing', id: card.id });
  return listPaymentMethods(deps, userId);
}
