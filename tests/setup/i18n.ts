import { sourceCatalogs } from '../../src/shared/i18n/catalogs';
import { compileMessages } from '../../src/shared/i18n/compile';
import { namespaces } from '../../src/shared/i18n/keys';
import type { Locale } from '../../src/shared/i18n/locales';
import { startI18n } from '../../src/client/lib/i18n';

/** A page's language as the server hands it to the renderer: its `public` messages, compiled. */
export function pageI18n(locale: Locale, defaultLocale: Locale = 'en') {
  return { locale, defaultLocale, messages: compileMessages(sourceCatalogs[locale].public) };
}

/** Client tests: the page is in `locale`, with every namespace loaded, as if fetched. */
export function startTestI18n(locale: Locale = 'en', options: { prefixed?: boolean } = {}) {
  for (const namespace of namespaces) {
    startI18n({ locale, defaultLocale: 'en', prefixed: options.prefixed ?? false, namespace, messages: compileMessages(sourceCatalogs[locale][namespace]) });
  }
}
