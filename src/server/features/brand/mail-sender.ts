import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { MailSender } from '../../integrations/mail/smtp';
import { getBrand } from './shop-settings';

/**
 * Who emails are from. MAIL_FROM, when set, is used as written. Unset, the address is
 * `no-reply@<SUPPORT_EMAIL's domain>` (what SPF and DKIM are set up for, so it stays in
 * configuration) and the name is the shop's as saved in Settings → Brand when each email leaves.
 */
export function mailSender(config: Pick<Config, 'MAIL_FROM' | 'MAIL_FROM_SET' | 'MAIL_FROM_ADDRESS'>, db: Db): MailSender | (() => Promise<MailSender>) {
  if (config.MAIL_FROM_SET) return config.MAIL_FROM;
  return async () => ({ name: (await getBrand(db)).name, address: config.MAIL_FROM_ADDRESS });
}
