import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { answerFetch, json, type Answers } from '../../../test/fetch-answers';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { AdminArticle, ArticleVersion } from '../../../../shared/schemas/articles';
import ArticlesPage from './components/articles-page';

const toastMock = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast: toastMock }));

const sample: AdminArticle = {
  id: '00000000-0000-4000-8000-0000000000b1',
  kind: 'help',
  slug: 'refund',
  language: 'en',
  category: 'billing',
  title: 'What is your refund policy?',
  summary: 'A guarantee.',
  body: 'Every new service comes with a {{rules.refundWindowHours}}-hour guarantee.',
  status: 'published',
  publishedAt: '2026-11-26T00:00:00.000Z',
  sample: true,
  position: 1,
  authorEmail: null,
  updatedAt: '2026-11-26T00:00:00.000Z',
};

let fetchMock: MockInstance<typeof fetch>;
let answers: Answers;

beforeEach(() => {
  toastMock.success.mockReset();
  toastMock.error.mockReset();
  answers = {
    'GET /api/admin/articles/help': () => json(200, { articles: [sample], categories: [{ slug: 'billing', title: 'Billing', position: 1, sample: true }] }),
  };
  fetchMock = answerFetch(() => answers);
});
afterEach(() => fetchMock.mockRestore());

function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <ArticlesPage kind="help" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('Console → Help centre', () => {
  it('marks sample articles, and refuses a bad address before sending', async () => {
    const user = renderPage();
    expect(await screen.findByText('Sample')).toBeInTheDocument();
    expect(screen.getByText(/1 article is still the sample text/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Address'), 'Not OK');
    await user.type(screen.getByLabelText('Title'), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/Use lower-case letters/)).toBeInTheDocument();
    expect(screen.getByText('Write a one- or two-sentence summary')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
  });

  it('a new article at an address already taken says so under the address and keeps what was typed', async () => {
    let sent: Record<string, unknown> | undefined;
    const message = 'There already is a help article at /help/refund in English: “What is your refund policy?”. Open it from the list to change it, or choose another address.';
    answers['PUT /api/admin/articles'] = (init) => {
      sent = JSON.parse(String(init?.body)) as Record<string, unknown>;
      return json(409, { error: { code: 'already_exists', message, fields: { slug: message } } });
    };
    const user = renderPage();
    await screen.findByText('Sample');
    await user.type(screen.getByLabelText('Address'), 'refund');
    await user.type(screen.getByLabelText('Title'), 'Refunds explained');
    await user.type(screen.getByLabelText('Summary'), 'How refunds work.');
    await user.type(screen.getByLabelText('Text (Markdown)'), 'Write to us.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toMatchObject({ slug: 'refund', create: true }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByLabelText('Address')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Title')).toHaveValue('Refunds explained');
    expect(screen.getByLabelText('Text (Markdown)')).toHaveValue('Write to us.');
  });

  it('edits a sample article and saves it as the shop’s own', async () => {
    let sent: Record<string, unknown> | undefined;
    answers['PUT /api/admin/articles'] = (init) => {
      sent = JSON.parse(String(init?.body)) as Record<string, unknown>;
      return json(200, { ...sample, sample: false });
    };
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit “What is your refund policy?” (English)' }));
    expect(screen.getByLabelText('Address')).toHaveValue('refund');
    await user.clear(screen.getByLabelText('Summary'));
    await user.type(screen.getByLabelText('Summary'), 'Our money-back guarantee.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toBeDefined());
    expect(sent).toMatchObject({ kind: 'help', slug: 'refund', language: 'en', category: 'billing', summary: 'Our money-back guarantee.', status: 'published', publishedAt: '2026-11-26T00:00:00.000Z', create: false });
    await waitFor(() => expect(toastMock.success).toHaveBeenCalledWith('Saved and published'));
  });

  it('shows an article’s versions with who, when and why, views one and restores it with a reason', async () => {
    const version = (n: number, extra: Partial<ArticleVersion>): ArticleVersion => ({
      version: n,
      sample: false,
      authorEmail: 'support@example.test',
      createdAt: `2026-11-2${n}T10:00:00.000Z`,
      restoredFrom: null,
      reason: null,
      title: sample.title,
      summary: sample.summary,
      body: sample.body,
      category: 'billing',
      status: 'published',
      publishedAt: sample.publishedAt,
      ...extra,
    });
    answers['GET /api/admin/articles/help/refund/en/versions'] = () =>
      json(200, { versions: [version(3, { title: 'Refunds, shorter', reason: 'Shorter' }), version(2, { title: 'Refunds, the long answer', body: 'The long answer.' }), version(1, { sample: true, authorEmail: null })] });
    let sent: Record<string, unknown> | undefined;
    answers['POST /api/admin/articles/help/refund/en/restore'] = (init) => {
      sent = JSON.parse(String(init?.body)) as Record<string, unknown>;
      return json(200, { ...sample, title: 'Refunds, the long answer' });
    };
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit “What is your refund policy?” (English)' }));
    const history = await screen.findByRole('region', { name: 'History' });
    expect(history).toHaveTextContent('Version 3');
    expect(history).toHaveTextContent('“Shorter”');
    expect(history).toHaveTextContent('by support@example.test');
    expect(history).toHaveTextContent('by the product, as shipped');
    expect(history).toHaveTextContent('Current');
    // The newest is what the article says now: nothing to restore there.
    expect(screen.queryByRole('button', { name: 'Restore version 3' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'View version 2' }));
    const viewed = screen.getByRole('region', { name: 'Version 2' });
    expect(viewed).toHaveTextContent('Refunds, the long answer');
    expect(viewed).toHaveTextContent('The long answer.');

    await user.type(screen.getByLabelText('Reason for a restore (optional)'), 'The short one lost the details');
    await user.click(screen.getByRole('button', { name: 'Restore version 2' }));
    await waitFor(() => expect(sent).toEqual({ version: 2, reason: 'The short one lost the details' }));
    await waitFor(() => expect(toastMock.success).toHaveBeenCalledWith('Version 2 restored as the newest version'));
  });
});
