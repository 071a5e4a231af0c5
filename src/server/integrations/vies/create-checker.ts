import type { Config } from '../../config';
import { offlineVatIdChecker, type VatIdChecker } from './vat-id-checker';
import { createViesClient } from './vies-client';

/** The VIES REST client when VIES_API_URL is set, else the built-in checker that reaches nobody. */
export function vatIdCheckerFromConfig(config: Pick<Config, 'VIES_API_URL'>): VatIdChecker {
  return config.VIES_API_URL ? createViesClient({ baseUrl: config.VIES_API_URL }) : offlineVatIdChecker;
}
