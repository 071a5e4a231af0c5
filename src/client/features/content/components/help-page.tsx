import { BookOpen, ChevronRight, Search, X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import type { ArticleSummary, HelpIndex } from '../../../../shared/schemas/articles';
import { Button, ButtonLink } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { useT } from '../../../lib/i18n';
import { usePublicContent } from '../api/use-public-content';
import { LoadState } from './article-body';
import { ArticleLink } from './article-link';

function ArticleLinks({ articles }: { articles: ArticleSummary[] }) {
  return (
    <ul className="space-y-3">
      {articles.map((a) => (
        <li key={a.slug}>
          <ArticleLink base="/help" article={a} className="group flex items-start gap-2 rounded-lg p-2 hover:bg-surface-2">
            <ChevronRight className="mt-1 h-4 w-4 shrink-0 text-muted" aria-hidden="true" />
            <span>
              <span className="font-semibold text-ink group-hover:text-accent">{a.title}</span>
              <span className="mt-0.5 block text-sm text-muted">{a.summary}</span>
            </span>
          </ArticleLink>
        </li>
      ))}
    </ul>
  );
}

function SearchResults({ query }: { query: string }) {
  const t = useT();
  const results = usePublicContent<{ articles: ArticleSummary[] }>(`/help/search?q=${encodeURIComponent(query)}`);
  if (results.state !== 'ready') return <LoadState state={results.state === 'missing' ? 'failed' : results.state} />;
  const count = results.data.articles.length;
  return (
    <section aria-labelledby="help-results">
      <h2 id="help-results" className="mb-4 text-lg font-bold" aria-live="polite">
        {count === 0 ? t('help.search.none', { query }) : t('help.search.results', { count, query })}
      </h2>
      <ArticleLinks articles={results.data.articles} />
    </section>
  );
}

/**
 * /help: the help centre staff write, by topic, with a search over titles and texts on the server.
 * The server renders it with its articles (decision 070); a search is the browser's.
 */
export default function HelpPage() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const query = params.get('q')?.trim() ?? '';
  const [draft, setDraft] = useState(query);
  const [tooShort, setTooShort] = useState(false);
  const index = usePublicContent<HelpIndex>(query ? null : '/help');

  function submit(event: FormEvent) {
    event.preventDefault();
    const q = draft.trim();
    if (q.length < 2) return setTooShort(true);
    setTooShort(false);
    setParams({ q });
  }

  function clear() {
    setDraft('');
    setTooShort(false);
    setParams({});
  }

  return (
    <>
      <PageHeader title={t('help.title')}>
        <p>{t('help.intro')}</p>
      </PageHeader>
      <div className="mx-auto max-w-5xl space-y-10 px-4 py-10 sm:py-14">
        <form role="search" onSubmit={submit} className="flex flex-col gap-2 sm:flex-row" noValidate>
          <label htmlFor="help-search" className="sr-only">
            {t('help.search.label')}
          </label>
          <div className="relative flex-1">
            <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted" aria-hidden="true" />
            <input
              id="help-search"
              type="search"
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
              placeholder={t('help.search.label')}
              aria-invalid={tooShort}
              aria-describedby={tooShort ? 'help-search-error' : undefined}
              maxLength={100}
              className="w-full rounded-lg border border-line bg-bg py-2.5 pl-9 pr-3 text-sm text-ink placeholder:text-muted/70 focus:border-accent focus:outline-none"
            />
          </div>
          <Button type="submit">{t('help.search.button')}</Button>
          {query && (
            <Button type="button" variant="outline" onClick={clear}>
              <X className="h-4 w-4" aria-hidden="true" />
              {t('help.search.clear')}
            </Button>
          )}
        </form>
        {tooShort && (
          <p id="help-search-error" role="alert" className="-mt-8 text-sm text-danger">
            {t('help.search.tooShort')}
          </p>
        )}

        {query ? (
          <SearchResults query={query} />
        ) : index.state !== 'ready' ? (
          <LoadState state={index.state === 'missing' ? 'failed' : index.state} />
        ) : index.data.articles.length === 0 ? (
          <p className="text-muted">{t('help.empty')}</p>
        ) : (
          <div className="space-y-10">
            <h2 className="sr-only">{t('help.categories')}</h2>
            {index.data.categories.map((c) => (
              <section key={c.slug} aria-labelledby={`help-${c.slug}`}>
                <h3 id={`help-${c.slug}`} className="mb-3 flex items-center gap-2 text-xl font-bold">
                  <BookOpen className="h-5 w-5 text-accent" aria-hidden="true" />
                  {c.title}
                </h3>
                <ArticleLinks articles={index.data.articles.filter((a) => a.category === c.slug)} />
              </section>
            ))}
          </div>
        )}

        <section className="rounded-2xl border border-line bg-surface-2 p-6 text-center" aria-labelledby="help-contact">
          <h2 id="help-contact" className="text-lg font-bold">
            {t('help.stillStuck')}
          </h2>
          <ButtonLink to="/support" className="mt-4">
            {t('help.contact')}
          </ButtonLink>
        </section>
      </div>
    </>
  );
}
