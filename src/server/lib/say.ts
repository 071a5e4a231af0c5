import { setupI18n, type Messages } from '@lingui/core';
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
