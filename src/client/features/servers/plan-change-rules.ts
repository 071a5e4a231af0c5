import type { PlanChangeQuote, PlanChangeStatus } from '../../../shared/schemas/plan-changes';
import { ApiError } from '../../lib/api-client';
import { unexpectedError } from '../../lib/errors';
import { fieldMessage } from '../../lib/field-message';
import { currentLocale, translate } from '../../lib/i18n';
import { normalStatus } from './server-rules';

/** A change whose outcome is still coming: its charge, or its resize on the panel. */
export function isWorking(status: PlanChangeStatus | null | undefined): boolean {
  return status === 'charging' || status === 'paid' || status === 'applying';
}

/**
 * Whether an owned server's card offers 'Change plan': not once it failed, was cancelled, is set to
 * be cancelled or is suspended (the server refuses those). While it is being set up the button is
 * shown disabled with the card's reason.
 */
export function offersPlanChange(status: string, cancelAt: string | null | undefined): boolean {
  if (cancelAt) return false;
  return !['suspended', 'failed', 'cancelled', 'deleted'].includes(normalStatus(status));
}

/** 16 days and 3 hours left → "16 days"; under a day → "less than a day". */
export function daysLeftLabel(secondsLeft: number): string {
  return translate('plan.daysLeft', { days: Math.max(0, Math.floor(secondsLeft / 86_400)) });
}

/** An instant as the day it falls on, in UTC as renewals count them: "February 15, 2030" (in the page's language). */
export function formatDay(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  return date.toLocaleDateString(currentLocale(), { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}

/** "per month", "every 3 months". */
export function perPeriod(months: number): string {
  return translate('plan.perPeriod', { months });
}

/** How an upgrade's charge would be paid: nothing to pay, all credit, credit then the saved card, or a checkout. */
export type PaymentRoute = 'free' | 'credit' | 'saved-card' | 'checkout';

export function paymentRoutes(quote: PlanChangeQuote): PaymentRoute[] {
  const gross = quote.tax.grossCents;
  if (quote.kind !== 'upgrade' || gross === 0) return ['free'];
  if (quote.payment.creditCents >= gross) return ['credit'];
  return quote.payment.savedCard ? ['saved-card', 'checkout'] : ['checkout'];
}

/**
 * The words to show for a failed plan change call: the server's own message for anything it
 * refused on purpose (4xx, and the 5xx it words itself, such as the panel or the payment provider
 * being out of reach); a generic one when it failed unexpectedly.
 */
export function planChangeErrorText(error: unknown): string {
  if (error instanceof ApiError && error.code !== 'internal' && error.code !== 'http_error') return fieldMessage(error.message);
  if (error instanceof Error && !(error instanceof ApiError) && error.message) return error.message;
  return unexpectedError();
}
