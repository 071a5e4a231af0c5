import type { Locale } from './locales';
import type { Namespace } from './keys';
import deApp from './messages/de/app.json';
import dePublic from './messages/de/public.json';
import enApp from './messages/en/app.json';
import enPublic from './messages/en/public.json';
import esApp from './messages/es/app.json';
import esPublic from './messages/es/public.json';
import frApp from './messages/fr/app.json';
import frPublic from './messages/fr/public.json';
import ptBrApp from './messages/pt-BR/app.json';
import ptBrPublic from './messages/pt-BR/public.json';

/**
 * The shipped messages, as ICU MessageFormat text: one file per language and namespace. Only the
 * server, the build and tests import this; the browser gets one language's messages, compiled.
 */
export const sourceCatalogs: Record<Locale, Record<Namespace, Record<string, string>>> = {
  en: { public: enPublic, app: enApp },
  de: { public: dePublic, app: deApp },
  fr: { public: frPublic, app: frApp },
  es: { public: esPublic, app: esApp },
  'pt-BR': { public: ptBrPublic, app: ptBrApp },
};

/** The namespace a key belongs to, or undefined for a key no file has. */
export function namespaceOf(key: string): Namespace | undefined {
  if (key in sourceCatalogs.en.public) return 'public';
  if (key in sourceCatalogs.en.app) return 'app';
  return undefined;
}
