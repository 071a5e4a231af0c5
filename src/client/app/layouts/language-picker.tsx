import { Globe } from 'lucide-react';
import { useId, useState } from 'react';
import { findRoute } from '../route-table';
import { locales, localeNames, localizePath, isLocale, type Locale } from '../../../shared/i18n/locales';
import { api } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { useLocale, useT } from '../../lib/i18n';

/**
 * Where a page is in another language: a public page under its prefix (`/fr/deploy`), any other
 * page at the same address, which the server answers in the language just remembered.
 */
export function pathInLocale(location: Pick<Location, 'pathname' | 'search' | 'hash'>, locale: Locale): string {
  const { route } = findRoute(location.pathname);
  const path = route.prerender === false ? location.pathname : localizePath(location.pathname, locale);
  return `${path}${location.search}${location.hash}`;
}

/**
 * The language picker of the header and the footer. The choice is remembered (a cookie, and the
 * account's preference when signed in: PUT /api/i18n/language), then the page loads again in it,
 * so every word on it, the prerendered ones too, is in the new language.
 */
/** `className` sets the display too ('inline-flex' when absent): cn() does not merge conflicting utilities. */
export function LanguagePicker({ className }: { className?: string }) {
  const t = useT();
  const locale = useLocale();
  const id = useId();
  const [busy, setBusy] = useState(false);

  async function choose(next: string) {
    if (!isLocale(next) || next === locale) return;
    setBusy(true);
    try {
      await api('/i18n/language', { method: 'PUT', body: { locale: next } });
    } catch (error) {
      // The address still carries the choice on public pages; elsewhere the reload shows the old one.
      console.warn('Could not remember the language', error);
    }
    window.location.assign(pathInLocale(window.location, next));
  }

  return (
    <div className={cn('relative items-center', className ?? 'inline-flex')}>
      <label htmlFor={id} className="sr-only">
        {t('layout.language.label')}
      </label>
      <Globe className="pointer-events-none absolute left-2.5 h-4 w-4 text-muted" aria-hidden="true" />
      <select
        id={id}
        value={locale}
        disabled={busy}
        onChange={(event) => void choose(event.target.value)}
        className="h-10 appearance-none rounded-lg border border-line bg-bg pl-8 pr-3 text-sm text-ink hover:bg-surface-2 focus:border-accent focus:outline-none"
      >
        {locales.map((l) => (
          <option key={l} value={l} lang={l}>
            {localeNames[l]}
          </option>
        ))}
      </select>
    </div>
  );
}
