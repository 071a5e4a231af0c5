import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { TranslationList } from '../../../../shared/schemas/i18n';
import TranslationsPage from './components/translations-page';

const toastMock = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast: toastMock }));

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const list: TranslationList = {
  locale: 'de',
  defaultLocale: 'en',
  rows: [
    { key: 'footer.copyright', namespace: 'public', english: '© {year} {brand}. All rights reserved.', shipped: '© {year} {brand}. Alle Rechte vorbehalten.', override: null, updatedAt: null },
    { key: 'footer.terms', namespace: 'public', english: 'Terms of Service', shipped: 'Nutzungsbedingungen', override: 'AGB', updatedAt: '2030-01-01T00:00:00.000Z' },
  ],
};

let fetchMock: MockInstance<typeof fetch>;
let sent: string[];

beforeEach(() => {
  sent = [];
  toastMock.success.mockReset();
  fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const key = `${init?.method ?? 'GET'} ${String(input)}`;
    sent.push(init?.body ? `${key} ${String(init.body)}` : key);
    if (key === 'GET /api/admin/translations/de') return json(200, list);
    if (key === 'PUT /api/admin/translations/de/footer.copyright') {
      const { message } = JSON.parse(String(init?.body)) as { message: string };
      if (!message.includes('{year}')) {
        const problem = 'The text does not fit: it must use {year}.';
        return json(400, { error: { code: 'validation_failed', message: problem, fields: { message: problem } } });
      }
      return json(200, { key: 'footer.copyright', locale: 'de', message, updatedAt: '2030-01-02T00:00:00.000Z' });
    }
    if (key === 'DELETE /api/admin/translations/de/footer.terms') return new Response(null, { status: 204 });
    throw new Error(`unexpected fetch ${key}`);
  });
});
afterEach(() => fetchMock.mockRestore());

function renderPage() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <TranslationsPage />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('/admin/translations', () => {
  it('rewords a message, says why a text with the wrong placeholders is refused, and resets an edit', async () => {
    const user = renderPage();
    expect(await screen.findByText('AGB')).toBeInTheDocument();
    expect(screen.getByText('English: Terms of Service')).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search keys and texts' }), 'rechte');
    await waitFor(() => expect(screen.queryByText('AGB')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Edit footer.copyright' }));
    const field = screen.getByRole('textbox', { name: 'Text of footer.copyright' });
    await user.clear(field);
    await user.type(field, '© {{brand}');
    await user.click(screen.getByRole('button', { name: 'Save text' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The text does not fit: it must use {year}.');

    await user.clear(field);
    await user.type(field, '© {{year} {{brand}. Alle Rechte bleiben vorbehalten.');
    await user.click(screen.getByRole('button', { name: 'Save text' }));
    await waitFor(() => expect(toastMock.success).toHaveBeenCalledWith('Text saved', { description: 'footer.copyright now reads as you wrote it, on every page.' }));
    expect(sent).toContain('PUT /api/admin/translations/de/footer.copyright {"message":"© {year} {brand}. Alle Rechte bleiben vorbehalten."}');

    await user.clear(screen.getByRole('searchbox', { name: 'Search keys and texts' }));
    const row = (await screen.findByText('footer.terms')).closest('li')!;
    await user.click(within(row).getByRole('button', { name: 'Reset footer.terms to the shipped text' }));
    await waitFor(() => expect(sent).toContain('DELETE /api/admin/translations/de/footer.terms'));
  });
});
