import { setupI18n, type Messages } from '@lingui/core';
import { useCallback, useSyncExternalStore } from 'react';
import { baseLocale, isLocale, localizePath, type Locale } from '../../shared/i18n/locales';
import type { MessageKey, Namespace } from '../../shared/i18n/keys';

/**
 * The page's language and its messages (decision 054). Lingui formats them: ICU plurals, numbers
 * and dates through Intl. The language is fixed for a page load: the pickers load the page again
 * in the new one, so no screen ever mixes two. Messages come compiled from the server, embedded in
 * a prerendered page or fetched per namespace (GET /api/i18n/:locale/:namespace), with the staff's
 * edits already in; the bundle carries none.
 */
export const i18n = setupI18n();

const loaded = new Set<string>();
const pending = new Map<string, Promise<void>>();

export interface I18nStart {
  locale: Locale;
  /** The shop's default language: what a public path without a prefix is in. */
  defaultLocale: Locale;
  /** Whether the page's path named its language (`/de/…`). */
  prefixed: boolean;
  namespace?: Namespace;
  messages?: Messages;
  /** Every namespace `messages` holds, when more than `namespace` (news and help bring `content`). */
  namespaces?: readonly Namespace[];
}

let linkPrefix = false;

/** Makes `locale` the page's language, with the messages of `namespace` the page brought along. */
export function startI18n(start: I18nStart) {
  if (start.namespace && start.messages) {
    i18n.load(start.locale, start.messages);
    for (const namespace of start.namespaces ?? [start.namespace]) loaded.add(`${start.locale}:${namespace}`);
  }
  linkPrefix = start.prefixed || start.locale !== start.defaultLocale;
  if (i18n.locale !== start.locale) i18n.activate(start.locale);
  if (typeof document !== 'undefined') document.documentElement.lang = start.locale;
}

/** Fetches the messages of a namespace in the page's language, once; routes await it before they render. */
export function ensureNamespace(namespace: Namespace): Promise<void> {
  const locale = currentLocale();
  const id = `${locale}:${namespace}`;
  if (loaded.has(id)) return Promise.resolve();
  let request = pending.get(id);
  if (!request) {
    request = fetch(`/api/i18n/${locale}/${namespace}`, { credentials: 'same-origin', headers: { accept: 'application/json' } })
      .then((response) => (response.ok ? (response.json() as Promise<{ messages: Messages }>) : Promise.reject(new Error(`${response.status}`))))
      .then(({ messages }) => {
        i18n.load(locale, messages);
        loaded.add(id);
        i18n.activate(locale);
      })
      .finally(() => pending.delete(id));
    pending.set(id, request);
  }
  return request;
}

export function currentLocale(): Locale {
  return isLocale(i18n.locale) ? i18n.locale : baseLocale;
}

const subscribe = (listener: () => void) => i18n.on('change', listener);

/** The page's language, for Intl formatters (money, dates) and links. */
export function useLocale(): Locale {
  return useSyncExternalStore(subscribe, currentLocale, currentLocale);
}

export type TranslateValues = Record<string, string | number | Date | null | undefined>;
export type Translate = (key: MessageKey, values?: TranslateValues) => string;

/** The translator of the page's language: `t('header.home')`, `t('servers.count', { count })`. */
export function useT(): Translate {
  const locale = useLocale();
  // A new function per language, so memoised children render again when it changes.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useCallback((key, values) => i18n._(key, values), [locale]);
}

/** Outside React (toasts, errors): the same translation. */
export function translate(key: MessageKey, values?: TranslateValues): string {
  return i18n._(key, values);
}

/** Whether the page's language has a message for `key` (an error code's words, say). */
export function hasMessage(key: string): boolean {
  return Object.prototype.hasOwnProperty.call(i18n.messages, key);
}

/**
 * Public pages live under their language (`/de/deploy`); one opened without a prefix is in the
 * shop's default. Links to public pages keep the visitor in the language of the page.
 */
export function usePublicPath(): (path: string) => string {
  const locale = useLocale();
  return useCallback((path: string) => (linkPrefix ? localizePath(path, locale) : path), [locale]);
}
