import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { EmailTemplateList } from '../../../../shared/schemas/email-templates';
import EmailTemplatesPage from './components/email-templates-page';

const toastMock = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast: toastMock }));

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const shipped = { subject: '{server} is running again', body: 'Your payment went through and {server} is no longer suspended.', action: 'Open your server' };
const list: EmailTemplateList = {
  locale: 'en',
  templates: [
    {
      id: 'serviceResumed',
      label: 'Service resumed',
      sentWhen: 'When a suspended service is running again because its renewal was paid.',
      hasAction: true,
      variables: [
        { name: 'brand', description: "The shop's name", sample: 'Spawnpoint', required: false },
        { name: 'server', description: "The service's name", sample: 'Survival SMP', required: true },
      ],
      shipped,
      current: shipped,
      edited: false,
    },
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
    if (key === 'GET /api/admin/email-templates/en') return json(200, list);
    if (key === 'POST /api/admin/email-templates/en/serviceResumed/preview') {
      return json(200, { subject: 'Survival SMP is back', text: '', html: '<p>Survival SMP is back</p>' });
    }
    if (key === 'PUT /api/admin/email-templates/en/serviceResumed') {
      const body = JSON.parse(String(init?.body)) as { subject: string };
      if (body.subject.includes('{servr}')) {
        const problem = '{servr} is not a variable of this email. It can use {brand}, {server}.';
        return json(400, { error: { code: 'validation_failed', message: problem, fields: { subject: problem } } });
      }
      return json(200, list);
    }
    throw new Error(`unexpected fetch ${key}`);
  });
});
afterEach(() => fetchMock.mockRestore());

function renderPage() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <EmailTemplatesPage />
    </QueryClientProvider>,
  );
}

describe('Console → Emails', () => {
  it('shows the variables, previews a draft, and shows the server’s refusal beside the field', async () => {
    const user = userEvent.setup();
    renderPage();
    const subject = await screen.findByRole('textbox', { name: 'Subject' });
    expect(screen.getByText(/The service's name \(required\)/)).toBeInTheDocument();

    await user.clear(subject);
    await user.type(subject, '{{server} is back');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByTitle('Email preview')).toHaveAttribute('sandbox', '');
    expect(screen.getByText('Survival SMP is back')).toBeInTheDocument();

    await user.clear(subject);
    await user.type(subject, '{{servr} is back');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('{servr} is not a variable of this email');
    expect(subject).toHaveAttribute('aria-invalid', 'true');

    await user.clear(screen.getByRole('textbox', { name: 'Body' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Write the body')).toBeInTheDocument();
    expect(sent.filter((s) => s.startsWith('PUT'))).toHaveLength(1);
  });
});
