import { Search, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Input } from '../../../components/ui/field';
import { PageHeader } from '../../../components/ui/page-header';
import { faqCategories } from '../../../content/faq';
import { countFaqItems, filterFaq } from '../faq-search';

export default function FaqPage() {
  const [query, setQuery] = useState('');
  const results = filterFaq(faqCategories, query);
  const total = countFaqItems(results);
  const searching = query.trim().length > 0;
  const inputId = useId();

  return (
    <>
      <PageHeader eyebrow="Help Center" title="Frequently Asked Questions">
        Straight answers about plans, setup, mods, billing and refunds. Type a word below to search every question
        and answer.
      </PageHeader>

      <div className="mx-auto max-w-5xl px-4 py-10 sm:py-14">
        <div role="search" className="mb-8">
          <label htmlFor={inputId} className="mb-2 block text-sm font-medium text-ink">
            Search the FAQ
          </label>
          <div className="relative">
            <Search
              className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted"
              aria-hidden="true"
            />
            <Input
              id={inputId}
              type="search"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              placeholder="Try refund, mods or backups"
              autoComplete="off"
              className="h-12 pl-10 pr-12 text-base"
            />
            {query && (
              <button
                type="button"
                onClick={() => setQuery('')}
                className="absolute right-2 top-1/2 inline-flex h-8 w-8 -translate-y-1/2 items-center justify-center rounded-md text-muted hover:bg-surface-2 hover:text-ink"
                aria-label="Clear search"
              >
                <X className="h-4 w-4" aria-hidden="true" />
              </button>
            )}
          </div>
          <p aria-live="polite" className="mt-2 min-h-5 text-sm text-muted">
            {searching && total > 0 ? `${total} ${total === 1 ? 'answer matches' : 'answers match'} your search` : ''}
          </p>
        </div>

        {!searching && (
          <nav aria-label="FAQ categories" className="mb-10 flex flex-wrap gap-2">
            {faqCategories.map((category) => (
              <a
                key={category.id}
                href={`#faq-${category.id}`}
                className="rounded-full border border-line bg-surface px-4 py-1.5 text-sm font-medium text-muted hover:border-accent hover:text-ink"
              >
                {category.name}
                <span className="ml-2 text-xs text-muted">
                  {category.items.length}
                  <span className="sr-only"> questions</span>
                </span>
              </a>
            ))}
          </nav>
        )}

        {total === 0 ? (
          <Card className="text-center">
            <p className="text-lg font-semibold text-ink">No results found</p>
            <p className="mt-2 text-sm text-muted">
              Try a shorter or different word, or{' '}
              <Link to="/support" className="font-medium text-accent hover:underline">
                ask our support team
              </Link>{' '}
              directly.
            </p>
          </Card>
        ) : (
          <div className="space-y-12">
            {results.map((category) => (
              <section key={category.id} id={`faq-${category.id}`} aria-labelledby={`faq-${category.id}-title`} className="scroll-mt-24">
                <h2 id={`faq-${category.id}-title`} className="mb-4 text-2xl font-bold text-ink">
                  {category.name}
                </h2>
                <ul className="space-y-3">
                  {category.items.map((item) => (
                    <li key={item.id}>
                      <Card className="p-5 sm:p-6">
                        <h3 className="text-base font-semibold text-ink sm:text-lg">{item.question}</h3>
                        <p className="mt-2 text-sm leading-relaxed text-muted sm:text-base">{item.answer}</p>
                      </Card>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
        )}

        <Card className="mt-14 flex flex-col items-start gap-4 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h2 className="text-lg font-semibold text-ink">Still have a question?</h2>
            <p className="mt-1 text-sm text-muted">A real person answers every message, day and night.</p>
          </div>
          <div className="flex flex-wrap gap-3">
            <ButtonLink to="/support">Contact Support</ButtonLink>
            <ButtonLink to="/discord" variant="outline">
              Ask the Community
            </ButtonLink>
          </div>
        </Card>
      </div>
    </>
  );
}
