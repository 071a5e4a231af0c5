import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { startTestI18n } from '../../../../../tests/setup/i18n';
import { setSessionUser } from '../../../lib/session';
import AffiliatePage from './affiliate-page';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

let fetchMock: MockInstance<typeof fetch>;
beforeEach(() => {
  setSessionUser(null);
  // GET /api/brand answers nothing: the business rules keep their defaults (25 %, 48 hours, no end).
  fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('{}', { status: 404 }));
});
afterEach(() => fetchMock.mockRestore());

function renderPage() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <AffiliatePage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the public affiliate page', () => {
  it('states the programme’s terms from the business rules', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Earn 25% on Every Server You Refer' })).toBeInTheDocument();
    expect(screen.getByText('90 days')).toBeInTheDocument();
    expect(screen.getByText(/Commissions become payable after the 48-hour refund window and are paid out monthly\./)).toBeInTheDocument();
    expect(screen.getByText(/renewals included, for as long as they stay/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Join the Affiliate Program' })).toBeInTheDocument();
  });

  it('speaks the page’s language: German', () => {
    startTestI18n('de');
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Verdienen Sie 25 % an jedem Server, den Sie vermitteln' })).toBeInTheDocument();
    expect(screen.getByText('90 Tage')).toBeInTheDocument();
    expect(screen.getByText('Monatlich')).toBeInTheDocument();
    expect(screen.getByText(/Provisionen werden nach der Rückerstattungsfrist von 48 Stunden fällig und monatlich ausgezahlt\./)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'So funktioniert es' })).toBeInTheDocument();
    expect(screen.getByText(/Ihren eigenen Empfehlungscode erhalten Sie, sobald Sie sich registrieren/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Dem Partnerprogramm beitreten' })).toBeInTheDocument();
  });
});
