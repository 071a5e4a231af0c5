import { toast } from 'sonner';
import { api, ApiError } from './api-client';
import { currentCatalogCurrency } from './money';

export type CheckoutRequest =
  | {
      kind: 'server';
      game: string;
      plan: string;
      period: string;
      location: string;
      addons: Record<string, number>;
      serverName: string;
      /** A coupon code the server accepted for this choice. */
      coupon?: string;
      /** The currency the page showed the prices in; the catalog's when absent. */
      currency?: string;
    }
  | { kind: 'pack'; pack: string; coupon?: string; currency?: string };

export interface CheckoutResponse {
  checkout_url?: string;
  provider_name?: string;
  order_id?: string;
}

export const POPUP_BLOCKED = 'Failed to open checkout tab. Please disable popup blockers and try again.';

/** Whether a failed checkout was refused for want of billing details (the first checkout asks for them). */
export function needsBillingDetails(error: unknown): boolean {
  const cause = error instanceof Error && error.cause instanceof ApiError ? error.cause : error;
  return cause instanceof ApiError && cause.code === 'billing_details_required';
}

/**
 * Creates a checkout on the server and opens it in a new tab. The tab is opened synchronously
 * (inside the click) so popup blockers allow it, then pointed at the checkout once it exists.
 * `before` runs once the tab is open (saving billing details); its errors are thrown as they are,
 * so a form can show them on its fields. Throws with the spec's messages; the caller decides how
 * to show them.
 */
export async function openCheckout(request: CheckoutRequest, options: { before?: () => Promise<void> } = {}): Promise<CheckoutResponse> {
  const tab = window.open('about:blank', '_blank');
  if (!tab) throw new Error(POPUP_BLOCKED);
  if (options.before) {
    try {
      await options.before();
    } catch (error) {
      tab.close();
      throw error;
    }
  }
  try {
    // Charged in the currency the prices were shown in (decision 063).
    const body = { ...request, currency: request.currency ?? currentCatalogCurrency() };
    const response = await api<CheckoutResponse>('/checkout', { method: 'POST', body });
    if (!response?.checkout_url) throw new Error('No checkout URL received from server');
    tab.location.href = response.checkout_url;
    return response;
  } catch (error) {
    tab.close();
    if (error instanceof ApiError || error instanceof Error) {
      throw new Error(error.message || 'Failed to create checkout session', { cause: error });
    }
    throw new Error('Failed to create checkout session', { cause: error });
  }
}

export function toastRedirecting(response: CheckoutResponse) {
  toast.success(`Redirecting to ${response.provider_name ?? 'checkout'}`, {
    description: 'Please complete your payment in the new tab.',
  });
}
