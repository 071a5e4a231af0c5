import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/runtime';
import { createLocalPaymentProvider } from './local-provider';
import type { PaymentProvider } from './payment-provider';
import { createStripePaymentProvider } from './stripe-provider';

/** Stripe when STRIPE_SECRET_KEY is set, else the built-in hosted checkout. */
export function paymentProviderFromConfig(
  config: Config,
  deps: {
    db: Db;
    clock: Clock;
    /** LOCAL_PAYMENTS_SECRET, else the one stored in the database (lib/shared-secrets.ts). */
    localSecret: string;
    /** The shop's name as saved in Settings → Brand, for the built-in checkout's name. */
    brandName: () => string;
  },
): PaymentProvider {
  if (config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET) {
    return createStripePaymentProvider({
      secretKey: config.STRIPE_SECRET_KEY,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET,
      apiUrl: config.STRIPE_API_URL,
    });
  }
  return createLocalPaymentProvider({
    db: deps.db,
    clock: deps.clock,
    publicUrl: config.PUBLIC_URL,
    brand: deps.brandName,
    secret: deps.localSecret,
  });
}
