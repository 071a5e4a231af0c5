import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, type MockInstance } from 'vitest';
import type { AdminArticle } from '../../../../../shared/schemas/articles';
import type { ContentPageSummary } from '../../../../../shared/schemas/content';
import { setSessionUser } from '../../../../lib/session';
import { answerFetch, json, type Answers } from '../../../../test/fetch-answers';
import { SamplePages } from './sample-pages';

const all = ['en', 'de', 'fr', 'es', 'pt-BR'] as const;
const page = (slug: ContentPageSummary['slug'], label: string, sampleLanguages: ContentPageSummary['sampleLanguages']): ContentPageSummary => ({
  slug,
  label,
  path: `/${slug}`,
  languages: [],
  sample: sampleLanguages.includes('en'),
  sampleLanguages,
  updatedAt: null,
});
let ids = 0;
const article = (slug: string, language: AdminArticle['language']): AdminArticle => ({
  id: `00000000-0000-4000-8000-${String((ids += 1)).padStart(12, '0')}`,
  kind: 'help',
  slug,
  language,
  category: 'billing',
  title: slug,
  summary: slug,
  body: slug,
  status: 'published',
  publishedAt: '2026-11-26T00:00:00.000Z',
  sample: true,
  position: 1,
  authorEmail: null,
  updatedAt: '2026-11-26T00:00:00.000Z',
});

let fetchMock: MockInstance<typeof fetch>;
let answers: Answers;

beforeEach(() => {
  setSessionUser({ id: '00000000-0000-4000-8000-000000000301', email: 'admin@example.test', role: 'admin', twoFactorEnabled: false });
  answers = {
    'GET /api/admin/content/pages': () =>
      json(200, { pages: [page('about', 'About', [...all]), page('terms', 'Terms of Service', ['fr', 'es']), page('privacy', 'Privacy Policy', [])] }),
    'GET /api/admin/articles/help': () => json(200, { articles: all.flatMap((l) => [article('refund', l), article('cancel', l)]), categories: [] }),
    'GET /api/admin/articles/news': () => json(200, { articles: [], categories: [] }),
  };
  fetchMock = answerFetch(() => answers);
});
afterEach(() => {
  fetchMock.mockRestore();
  setSessionUser(null);
});

describe('the staff home’s sample pages (decision 079)', () => {
  it('lists each page still showing sample text in some language, naming the languages when not all, and counts articles once across languages', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <SamplePages />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const about = await screen.findByRole('link', { name: 'About' });
    expect(about.closest('li')!.textContent).toBe('About');
    expect(screen.getByRole('link', { name: 'Terms of Service' }).closest('li')!.textContent).toBe('Terms of Service (Français, Español)');
    expect(screen.queryByRole('link', { name: 'Privacy Policy' })).toBeNull();
    expect((await screen.findByRole('link', { name: /help articles/ })).textContent).toBe('2 help articles in 5 languages');
  });
});
