import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { ArticleSummary, HelpIndex } from '../../../../shared/schemas/articles';
import { sourceCatalogs } from '../../../../shared/i18n/catalogs';
import { compileMessages } from '../../../../shared/i18n/compile';
import { i18n } from '../../../lib/i18n';
import HelpPage from './help-page';

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const refund: ArticleSummary = { kind: 'help', slug: 'refund', language: 'en', category: 'billing', title: 'What is your refund policy?', summary: 'Every new service comes with a guarantee.', publishedAt: '2030-01-01T00:00:00.000Z', sample: false };
const index: HelpIndex = {
  categories: [{ slug: 'billing', title: 'Billing', position: 1, sample: false }],
  articles: [refund, { ...refund, slug: 'cancel', title: 'How do I cancel?' }],
};
let fetchMock: MockInstance<typeof fetch>;
let searched: string[];

beforeAll(() => i18n.load('en', compileMessages(sourceCatalogs.en.content)));
beforeEach(() => {
  searched = [];
  fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input);
    if (url === '/api/help?lang=en') return json(200, index);
    if (url.startsWith('/api/help/search?')) {
      const q = new URL(url, 'http://x').searchParams.get('q') ?? '';
      searched.push(q);
      return json(200, { articles: q.toLowerCase() === 'money' ? [refund] : [] });
    }
    throw new Error(`unexpected fetch ${url}`);
  });
});
afterEach(() => fetchMock.mockRestore());

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/help" element={<HelpPage />} />
      </Routes>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

describe('the help centre', () => {
  it('lists the articles by topic, and searches on the server', async () => {
    const user = renderAt('/help');
    expect(await screen.findByRole('heading', { name: 'Billing' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /How do I cancel\?/ })).toHaveAttribute('href', '/help/cancel');

    await user.type(screen.getByRole('searchbox', { name: 'Search the help centre' }), 'm');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Type at least 2 characters.')).toBeInTheDocument();
    expect(searched).toEqual([]);

    await user.type(screen.getByRole('searchbox', { name: 'Search the help centre' }), 'oney');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('heading', { name: '1 article matches “money”' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /How do I cancel/ })).not.toBeInTheDocument();
    expect(searched).toEqual(['money']);
  });

  it('says so when nothing matches, and Clear search brings the topics back', async () => {
    const user = renderAt('/help?q=zzz');
    expect(await screen.findByText('No article matches “zzz”.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Billing' })).toBeInTheDocument());
  });
});
