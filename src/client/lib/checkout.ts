import { toast } from 'sonner';
import { api, ApiError } from './api-client';
import { messageForCode } from './errors';
import { translate } from './i18n';
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

/** The spec's words when the browser blocks the checkout's tab, in the page's language. */
export function popupBlocked(): string {
  return translate('checkout.popupBlocked');
}

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
  if (!tab) throw new Error(popupBlocked());
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
    if (!response?.checkout_url) throw new Error(translate('checkout.noUrl'));
    tab.location.href = response.checkout_url;
    return response;
  } catch (error) {
    tab.close();
    if (error instanceof ApiError) throw new Error(messageForCode(error.code, error.message) || translate('checkout.failed'), { cause: error });
    if (error instanceof Error) throw new Error(error.message || translate('checkout.failed'), { cause: error });
    throw new Error(translate('checkout.failed'), { cause: error });
  }
}

export function toastRedirecting(response: CheckoutResponse) {
  toast.success(response.provider_name ? translate('checkout.redirecting', { provider: response.provider_name }) : translate('checkout.redirectingPlain'), {
    description: translate('checkout.completeInTab'),
  });
}
