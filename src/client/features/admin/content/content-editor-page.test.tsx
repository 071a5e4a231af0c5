import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { ContentPageEdit, RenderedPage } from '../../../../shared/schemas/content';
import ContentEditorPage from './components/content-editor-page';
import { answerFetch, json, type Answers } from '../../../test/fetch-answers';

const toastMock = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast: toastMock }));

const sample = { version: 0, body: '# About\n\nSample text.', sample: true, authorEmail: null, createdAt: null, restoredFrom: null };
const own = { version: 1, body: '# About us\n\nOur text.', sample: false, authorEmail: 'ada@example.test', createdAt: '2030-01-15T12:00:00.000Z', restoredFrom: null };
const edit = (language: string, versions = [own, sample]): ContentPageEdit =>
  ({ slug: 'about', language, fallback: versions.length === 1, current: versions[0]!, versions, variables: [{ name: 'seller.name', description: 'The legal name of the seller (Settings)' }] }) as ContentPageEdit;

let fetchMock: MockInstance<typeof fetch>;
let answers: Answers;
const bodyOf = (init?: RequestInit) => JSON.parse(String(init?.body)) as { language: string; body: string; version?: number };

beforeEach(() => {
  toastMock.success.mockReset();
  toastMock.error.mockReset();
  answers = {
    'GET /api/admin/content/pages/about?lang=en': () => json(200, edit('en')),
    'GET /api/admin/content/pages/about?lang=de': () => json(200, { ...edit('de', [sample]), current: own, fallback: true }),
  };
  fetchMock = answerFetch(() => answers);
});
afterEach(() => fetchMock.mockRestore());

function renderEditor() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/admin/content/about']}>
        <Routes>
          <Route path="/admin/content/:slug" element={<ContentEditorPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the page editor', () => {
  it('previews the text from the server, then saves it as a new version', async () => {
    const preview: RenderedPage = { slug: 'about', language: 'en', title: 'About Blockforge', introHtml: '<p>Rendered <strong>here</strong>.</p>', sections: [], updatedAt: null, sample: false };
    answers['POST /api/admin/content/pages/about/preview'] = (init) => {
      expect(bodyOf(init)).toEqual({ language: 'en', body: '# About Blockforge\n\nRendered **here**.' });
      return json(200, preview);
    };
    answers['POST /api/admin/content/pages/about/versions'] = () => json(201, { ...own, version: 2 });
    renderEditor();
    const text = await screen.findByLabelText('Page text (Markdown)');
    expect(text).toHaveValue('# About us\n\nOur text.');
    expect(screen.getByText('Shipped sample')).toBeInTheDocument();
    expect(screen.getByText('{{seller.name}}')).toBeInTheDocument();

    await userEvent.clear(text);
    await userEvent.type(text, '# About Blockforge{enter}{enter}Rendered **here**.');
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    const region = await screen.findByRole('region', { name: 'Preview (not saved)' });
    expect(region).toHaveTextContent('About Blockforge');
    expect(region.querySelector('strong')).toHaveTextContent('here');

    await userEvent.click(screen.getByRole('button', { name: 'Save and publish' }));
    await waitFor(() => expect(toastMock.success).toHaveBeenCalledWith('Saved and published as version 2'));
  });

  it("shows the server's refusal next to the text, and checks the title line before sending", async () => {
    answers['POST /api/admin/content/pages/about/versions'] = () =>
      json(400, { error: { code: 'validation_failed', message: 'Unknown variable {{x}}.', fields: { body: 'Unknown variable {{x}}.' } } });
    renderEditor();
    const text = await screen.findByLabelText('Page text (Markdown)');
    await userEvent.clear(text);
    await userEvent.type(text, 'no title');
    await userEvent.click(screen.getByRole('button', { name: 'Save and publish' }));
    expect(await screen.findByText('Start the page with a title line, such as "# About us"')).toBeInTheDocument();

    await userEvent.clear(text);
    await userEvent.type(text, '# T{enter}{{{{x}}');
    await userEvent.click(screen.getByRole('button', { name: 'Save and publish' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Unknown variable {{x}}.');
    expect(text).toHaveAttribute('aria-invalid', 'true');
  });

  it('edits each language on its own, saying when one falls back to English, and restores a version', async () => {
    answers['POST /api/admin/content/pages/about/restore'] = (init) => {
      expect(bodyOf(init)).toEqual({ language: 'en', version: 0 });
      return json(201, { ...sample, version: 2, restoredFrom: 0 });
    };
    renderEditor();
    await userEvent.click(await screen.findByRole('button', { name: 'Restore the shipped sample' }));
    await waitFor(() => expect(toastMock.success).toHaveBeenCalledWith('Version Sample published again as version 2'));

    await userEvent.selectOptions(screen.getByLabelText('Language'), 'de');
    expect(await screen.findByText(/No Deutsch text yet/)).toBeInTheDocument();
  });
});
