import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { startTestI18n } from '../../../../../tests/setup/i18n';
import { defaultBusinessRules } from '../../../../shared/business-rules';
import { resetBusinessRules } from '../../../lib/business-rules';
import SupportPage from './support-page';

function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <SupportPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

let fetchMock: MockInstance<typeof fetch> | undefined;

/** The contact form's answer; the business rules (GET /api/brand) keep their defaults. */
function mockFetch(status: number, body: unknown) {
  fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) =>
    String(input) === '/api/brand' ? new Response('{}', { status: 404 }) : new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
  return fetchMock;
}
const sent = (spy: MockInstance<typeof fetch>) => spy.mock.calls.filter(([input]) => String(input) !== '/api/brand');

async function fillForm(user: ReturnType<typeof userEvent.setup>, email = 'ada@example.com') {
  await user.type(screen.getByLabelText('Name'), 'Ada');
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Subject'), 'Server lag');
  await user.type(screen.getByLabelText('Message'), 'My world stutters every few minutes.');
}

afterEach(() => {
  fetchMock?.mockRestore();
  fetchMock = undefined;
  resetBusinessRules();
});

/** GET /api/brand answers the rules staff saved in Settings → Business rules. */
function mockRules(support: Partial<typeof defaultBusinessRules.support>, refundDays: Partial<Pick<typeof defaultBusinessRules, 'refundDaysMin' | 'refundDaysMax'>> = {}) {
  const rules = { ...defaultBusinessRules, ...refundDays, support: { ...defaultBusinessRules.support, ...support } };
  fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response(JSON.stringify({ rules }), { status: 200, headers: { 'content-type': 'application/json' } }));
}

describe('what the support page promises (Settings → Business rules)', () => {
  it('states the default reply targets as aims and says nothing about hours or round-the-clock staff', async () => {
    const user = userEvent.setup();
    renderPage();
    const panel = screen.getByRole('heading', { level: 2, name: 'Response Times' }).closest('section')!;
    expect(within(panel).getByText('How soon we aim to send a first reply. These are our targets, not guarantees.')).toBeInTheDocument();
    expect(within(panel).queryByText(/Support hours/)).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/around the clock|24\/7|24 hours a day|in shifts/i);
    await user.click(screen.getByRole('button', { name: 'When will I hear back?' }));
    expect(screen.getByText(/We aim to send a first reply to technical questions within about 2 hours\./)).toBeInTheDocument();
  });

  it('shows the targets and the hours staff set', async () => {
    mockRules({ technicalMinutes: 45, billingMinutes: 180, salesMinutes: 1, hoursText: 'Monday to Friday, 9:00-17:00 CET' });
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText('about 45 minutes')).toBeInTheDocument();
    expect(screen.getByText('about 3 hours')).toBeInTheDocument();
    expect(screen.getByText('about 1 minute')).toBeInTheDocument();
    expect(screen.getByText('Support hours: Monday to Friday, 9:00-17:00 CET')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'When will I hear back?' }));
    expect(screen.getByText(/^Our support hours: Monday to Friday, 9:00-17:00 CET\./)).toBeInTheDocument();
  });

  it('states the business days a refund takes that staff set, not a figure of its own', async () => {
    mockRules({}, { refundDaysMin: 3, refundDaysMax: 10 });
    const user = userEvent.setup();
    renderPage();
    await user.click(screen.getByRole('button', { name: 'How do I get a refund?' }));
    expect(await screen.findByText(/3-10 business days/)).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/5-7/);
  });

  it('German: the whole page, with the targets staff set', async () => {
    startTestI18n('de');
    mockRules({ technicalMinutes: 60, salesMinutes: 90 });
    const user = userEvent.setup();
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Wie können wir helfen?' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Hilfe, wie Sie sie brauchen' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Hilfe-Center öffnen' })).toHaveAttribute('href', '/de/help');
    expect(screen.getByRole('heading', { level: 2, name: 'Kontakt' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Sicherheit & Datenschutz' })).toBeInTheDocument();
    expect(await screen.findByText('etwa 90 Minuten')).toBeInTheDocument();
    expect(screen.getAllByText('etwa 1 Stunde')).toHaveLength(2);
    expect(screen.getByRole('heading', { level: 3, name: 'Technischer Support' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Wie erhalte ich eine Erstattung?' }));
    expect(screen.getByText(/Geld-zurück-Garantie von 48 Stunden/)).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/rund um die Uhr|Schichten/);
  });
});

describe('SupportPage accordion', () => {
  it('has six questions and keeps at most one open', async () => {
    const user = userEvent.setup();
    renderPage();
    const accordion = screen.getByRole('heading', { level: 2, name: 'Quick answers' }).closest('section')!;
    const buttons = within(accordion).getAllByRole('button');
    expect(buttons).toHaveLength(6);
    const [first, second] = buttons as [HTMLElement, HTMLElement];
    expect(first).toHaveAttribute('aria-expanded', 'false');

    await user.click(first);
    expect(first).toHaveAttribute('aria-expanded', 'true');
    const panel = document.getElementById(first.getAttribute('aria-controls')!);
    expect(panel).toBeVisible();

    await user.click(second);
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(second).toHaveAttribute('aria-expanded', 'true');
    expect(panel).not.toBeVisible();

    await user.click(second);
    expect(second).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('SupportPage contact form', () => {
  it('shows the response times', () => {
    renderPage();
    expect(screen.getByText('about 2 hours')).toBeInTheDocument();
    expect(screen.getByText('about 1 hour')).toBeInTheDocument();
    expect(screen.getByText('about 30 minutes')).toBeInTheDocument();
  });

  it('checks every field before sending anything', async () => {
    const fetchSpy = mockFetch(201, { id: 'x', reference: 'X' });
    const user = userEvent.setup();
    renderPage();
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Subject is required')).toBeInTheDocument();
    expect(screen.getByText('Message is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveFocus();
    expect(sent(fetchSpy)).toEqual([]);
  });

  it('rejects a malformed email address', async () => {
    const fetchSpy = mockFetch(201, { id: 'x', reference: 'X' });
    const user = userEvent.setup();
    renderPage();
    await fillForm(user, 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(screen.getByText('Enter a valid email address')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(sent(fetchSpy)).toEqual([]);
  });

  it('sends the form, shows the reference and resets', async () => {
    const fetchSpy = mockFetch(201, { id: 'abcd1234-0000', reference: 'ABCD1234' });
    const user = userEvent.setup();
    renderPage();
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('ABCD1234')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('');
    expect(screen.getByLabelText('Message')).toHaveValue('');
    const [url, init] = sent(fetchSpy)[0]!;
    expect(url).toBe('/api/contact');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({
      name: 'Ada',
      email: 'ada@example.com',
      subject: 'Server lag',
      message: 'My world stutters every few minutes.',
    });
  });

  it('puts server field errors under their fields', async () => {
    mockFetch(400, {
      error: { code: 'validation_failed', message: 'Please check subject', fields: { subject: 'Subject is too long' } },
    });
    const user = userEvent.setup();
    renderPage();
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Subject is too long')).toBeInTheDocument();
    expect(screen.getByLabelText('Subject')).toHaveValue('Server lag');
  });

  it('explains the rate limit', async () => {
    mockFetch(429, { error: { code: 'rate_limited', message: 'Rate limit exceeded' } });
    const user = userEvent.setup();
    renderPage();
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText(/sent several messages in a short time/)).toBeInTheDocument();
  });
});

describe('the contact form in the page’s language', () => {
  it('German: the checks, the labels and the receipt', async () => {
    startTestI18n('de');
    const fetchSpy = mockFetch(201, { id: 'abcd1234-0000', reference: 'ABCD1234' });
    const user = userEvent.setup();
    renderPage();
    const form = screen.getByRole('form', { name: 'Support kontaktieren' });
    await user.type(within(form).getByLabelText('E-Mail'), 'keine-adresse');
    await user.click(within(form).getByRole('button', { name: 'Nachricht senden' }));
    expect(within(form).getByText('Bitte geben Sie Ihren Namen an')).toBeInTheDocument();
    expect(within(form).getByText('Geben Sie eine gültige E-Mail-Adresse ein')).toBeInTheDocument();
    expect(within(form).getByText('Bitte geben Sie einen Betreff an')).toBeInTheDocument();
    expect(within(form).getByText('Bitte schreiben Sie eine Nachricht')).toBeInTheDocument();
    expect(sent(fetchSpy)).toEqual([]);

    await user.type(within(form).getByLabelText('Name'), 'Greta');
    await user.clear(within(form).getByLabelText('E-Mail'));
    await user.type(within(form).getByLabelText('E-Mail'), 'greta@example.com');
    await user.type(within(form).getByLabelText('Betreff'), 'Rabatt?');
    await user.type(within(form).getByLabelText('Nachricht'), 'Gibt es Studentenrabatt?');
    await user.click(within(form).getByRole('button', { name: 'Nachricht senden' }));
    const status = await screen.findByText('Danke, Ihre Nachricht wurde gesendet.');
    expect(status.parentElement).toHaveTextContent('Ihre Referenz lautet ABCD1234. Nennen Sie sie, wenn Sie uns erneut schreiben. Wir antworten an greta@example.com.');
    expect(within(status.parentElement!).getByText('ABCD1234').tagName).toBe('STRONG');
  });
});
