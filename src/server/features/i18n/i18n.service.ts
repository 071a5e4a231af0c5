import { createHash } from 'node:crypto';
import type { Messages } from '@lingui/core';
import { sourceCatalogs } from '../../../shared/i18n/catalogs';
import { compileMessages } from '../../../shared/i18n/compile';
import type { Namespace } from '../../../shared/i18n/keys';
import { baseLocale, type Locale } from '../../../shared/i18n/locales';
import type { Db } from '../../db/client';
import { listOverrides, readDefaultLocale } from './i18n.repository';

/** What every page is rendered with now: the shop's default language and staff's wording. */
export interface I18nSnapshot {
  /** `base` while nothing differs from the build (no edits, English default): its pages are the build's. */
  version: string;
  defaultLocale: Locale;
  /** locale → key → staff's text */
  overrides: Map<Locale, Map<string, string>>;
}

export interface I18nService {
  /** At most `ttlMs` old on this instance. */
  current(): Promise<I18nSnapshot>;
  /** The compiled messages of a namespace in a language: the file's, with staff's edits over them. */
  messages(locale: Locale, namespace: Namespace): Promise<Messages>;
  /** Forget the cached copy (after an edit on this instance); others notice within `ttlMs`. */
  invalidate(): void;
}

/** How long an instance serves its copy before reading the edits again, as the catalog does. */
export const I18N_TTL_MS = 500;

export function createI18nService(db: Db, options: { ttlMs?: number } = {}): I18nService {
  const ttlMs = options.ttlMs ?? I18N_TTL_MS;
  let snapshot: Promise<I18nSnapshot> | undefined;
  let checkedAt = 0;
  const compiled = new Map<string, Messages>();

  async function load(): Promise<I18nSnapshot> {
    const [defaultLocale, rows] = await Promise.all([readDefaultLocale(db), listOverrides(db)]);
    const overrides = new Map<Locale, Map<string, string>>();
    for (const row of rows) {
      const locale = row.locale as Locale;
      if (!overrides.has(locale)) overrides.set(locale, new Map());
      overrides.get(locale)!.set(row.key, row.message);
    }
    const plain = rows.length === 0 && defaultLocale === baseLocale;
    const version = plain
      ? 'base'
      : createHash('sha1')
          .update(JSON.stringify([defaultLocale, rows.map((r) => [r.locale, r.key, r.message])]))
          .digest('base64url')
          .slice(0, 16);
    return { version, defaultLocale, overrides };
  }

  function current(): Promise<I18nSnapshot> {
    if (!snapshot || performance.now() - checkedAt >= ttlMs) {
      checkedAt = performance.now();
      const next = load();
      // Keep serving the last good copy if the database does not answer.
      const previous = snapshot;
      snapshot = next.catch((error: unknown) => {
        snapshot = previous;
        throw error;
      });
    }
    return snapshot;
  }

  return {
    current,
    async messages(locale, namespace) {
      const now = await current();
      const id = `${now.version}:${locale}:${namespace}`;
      let messages = compiled.get(id);
      if (!messages) {
        const source = { ...sourceCatalogs[locale][namespace] };
        for (const [key, text] of now.overrides.get(locale) ?? []) if (key in source) source[key] = text;
        messages = compileMessages(source);
        // Old versions go: a handful of namespaces and languages per version is all there is.
        for (const key of compiled.keys()) if (!key.startsWith(`${now.version}:`)) compiled.delete(key);
        compiled.set(id, messages);
      }
      return messages;
    },
    invalidate() {
      snapshot = undefined;
    },
  };
}

const shared = new WeakMap<Db, I18nService>();

/**
 * The one messages cache of a database on this instance: the app's and the emails' (emails render
 * in jobs that hold no app), so a staff edit or a new default language invalidates both at once.
 */
export function i18nServiceFor(db: Db): I18nService {
  let service = shared.get(db);
  if (!service) shared.set(db, (service = createI18nService(db)));
  return service;
}
