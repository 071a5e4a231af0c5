/**
 * `npm run check:stripe`: read-only checks of the Stripe account this shop is configured with
 * (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, PUBLIC_URL), printed in plain words. Exits 1 when
 * something is wrong, 0 otherwise, and 0 with a note when no Stripe key is set (decision 049).
 */
import { ConfigError, loadConfig } from '../src/server/config';
import { formatCheckResults } from '../src/server/integrations/panel/panel-contract-check';
import { checkStripeContract } from '../src/server/integrations/payments/stripe-contract-check';
import { STRIPE_API_VERSION, stripeWebhookEvents } from '../src/server/integrations/payments/stripe-provider';

let config;
try {
  config = loadConfig();
} catch (error) {
  process.stderr.write(`${error instanceof ConfigError ? error.message : String(error)}\n`);
  process.exit(1);
}
if (!config.STRIPE_SECRET_KEY) {
  process.stdout.write('No Stripe key is set (STRIPE_SECRET_KEY): the built-in test checkout is in use, and there is nothing to check.\n');
  process.exit(0);
}
const results = await checkStripeContract({
  secretKey: config.STRIPE_SECRET_KEY,
  webhookSecret: config.STRIPE_WEBHOOK_SECRET,
  publicUrl: config.PUBLIC_URL,
  apiVersion: STRIPE_API_VERSION,
  events: stripeWebhookEvents,
  apiUrl: config.STRIPE_API_URL,
  production: config.NODE_ENV === 'production',
});
process.stdout.write(`${formatCheckResults(results)}\n`);
const problems = results.filter((r) => r.status === 'problem').length;
process.stdout.write(problems ? `\n${problems} problem${problems === 1 ? '' : 's'} to fix.\n` : '\nNothing wrong found.\n');
process.exit(problems ? 1 : 0);
