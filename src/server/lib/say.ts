import { setupI18n, type Messages } from '@lingui/core';
import { sourceCatalogs } from '../../shared/i18n/catalogs';
import { compileMessages } from '../../shared/i18n/compile';
import type { Namespace } from '../../shared/i18n/keys';
import type { Locale } from '../../shared/i18n/locales';
import type { Say } from '../../shared/line-text';

/** Where a reader's messages come from: the i18n service, with staff's rewording. */
export interface MessageSource<N extends Namespace = Namespace> {
  messages(locale: Locale, namespace: N): Promise<Messages>;
}

/** One namespace's messages in `locale`, as `textOf` and `activityWords` take them. */
export async function sayIn<N extends Namespace>(source: MessageSource<N>, locale: Locale, namespace: N): Promise<Say> {
  const messages = await source.messages(locale, namespace);
  const i18n = setupI18n({ locale, messages: { [locale]: messages } });
  return (key, values) => (key in messages ? i18n._(key, values) : undefined);
}

const shipped = new Map<string, Messages>();

/**
 * The messages as the build ships them, without staff's rewording: for words sent once and sent
 * again the same, such as a card charge's description retried under its idempotency key (decision 082).
 */
export const shippedMessages: MessageSource = {
  async messages(locale, namespace) {
    const id = `${locale}:${namespace}`;
    let messages = shipped.get(id);
    if (!messages) shipped.set(id, (messages = compileMessages(sourceCatalogs[locale][namespace])));
    return messages;
  },
};
