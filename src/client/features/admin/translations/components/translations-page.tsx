import { useDeferredValue, useMemo, useState } from 'react';
import type { Locale } from '../../../../../shared/i18n/locales';
import { Card } from '../../../../components/ui/card';
import { LanguageSelect } from '../../components/language-select';
import { Field, Input } from '../../../../components/ui/field';
import { PageSpinner } from '../../../../components/ui/page-spinner';
import { useTranslations } from '../api/get-translations';
import { TranslationRowItem } from './translation-row';

/** How many messages show at once; the search narrows the rest down. */
const PAGE = 60;

/** /admin/translations: staff reword any message per language; the pages follow within a second. */
export default function TranslationsPage() {
  const [locale, setLocale] = useState<Locale>('de');
  const [query, setQuery] = useState('');
  const [editedOnly, setEditedOnly] = useState(false);
  const search = useDeferredValue(query.trim().toLowerCase());
  const { data, isError } = useTranslations(locale);
  const rows = useMemo(
    () =>
      (data?.rows ?? []).filter(
        (r) =>
          (!editedOnly || r.override !== null) &&
          (!search || [r.key, r.english, r.shipped, r.override ?? ''].some((text) => text.toLowerCase().includes(search))),
      ),
    [data, search, editedOnly],
  );

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-extrabold sm:text-3xl">Translations</h1>
        <p className="mt-1 text-muted">
          Every word customers read, per language. Your text replaces the shipped one on every page and screen within a second, with no rebuild;
          reset it to go back. Every change is in the audit log.
        </p>
      </div>
      <Card>
        <div className="grid gap-4 sm:grid-cols-[12rem_1fr_auto] sm:items-end">
          <LanguageSelect label="Language" value={locale} onChange={setLocale} />
          <Field label="Search keys and texts">
            {({ id }) => <Input id={id} type="search" value={query} onChange={(e) => setQuery(e.target.value)} placeholder="footer.terms, Sign In…" />}
          </Field>
          <label className="flex items-center gap-2 pb-2.5 text-sm text-ink">
            <input type="checkbox" checked={editedOnly} onChange={(e) => setEditedOnly(e.target.checked)} className="h-4 w-4 accent-accent" />
            Edited only
          </label>
        </div>
      </Card>
      {isError && <p className="text-danger">We could not load the texts. Please refresh the page.</p>}
      {!data && !isError && <PageSpinner label="Loading texts..." />}
      {data && (
        <Card>
          <p className="text-sm text-muted" aria-live="polite">
            {rows.length === 0
              ? 'No message matches.'
              : rows.length > PAGE
                ? `Showing ${PAGE} of ${rows.length} messages. Search to find the one you want.`
                : `${rows.length} ${rows.length === 1 ? 'message' : 'messages'}.`}
          </p>
          <ul className="mt-2">
            {rows.slice(0, PAGE).map((row) => (
              <TranslationRowItem key={`${locale}:${row.key}`} row={row} locale={locale} />
            ))}
          </ul>
        </Card>
      )}
    </div>
  );
}
