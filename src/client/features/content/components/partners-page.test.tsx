import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { startTestI18n } from '../../../../../tests/setup/i18n';
import { defaultBusinessRules, type BusinessRules } from '../../../../shared/business-rules';
import { BRAND } from '../../../lib/brand';
import { resetBusinessRules } from '../../../lib/business-rules';
import PartnersPage from './partners-page';

let fetchMock: MockInstance<typeof fetch> | undefined;

/** GET /api/brand answers these rules (the page first renders the defaults, then these). */
function answerRules(rules: BusinessRules) {
  fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response(JSON.stringify({ rules }), { status: 200, headers: { 'content-type': 'application/json' } }));
}

function renderPage() {
  return render(
    <MemoryRouter>
      <PartnersPage />
    </MemoryRouter>,
  );
}

const benefitTitles = () =>
  within(screen.getByRole('region', { name: 'What you get' }))
    .getAllByRole('heading', { level: 3 })
    .map((h) => h.textContent);

afterEach(() => {
  fetchMock?.mockRestore();
  fetchMock = undefined;
  resetBusinessRules();
});

describe('PartnersPage', () => {
  it('promises only what the product does: the commission Settings set, sharing, backups and the status page', async () => {
    answerRules({ ...defaultBusinessRules, affiliate: { ...defaultBusinessRules.affiliate, commissionPercent: 15, commissionMonths: 12 } });
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: `Grow your community with ${BRAND}` })).toBeInTheDocument();
    await expect.poll(benefitTitles).toEqual(['15% recurring commission', 'Share your server', 'Backups you can download', 'A status page that measures']);
    expect(screen.getByText(/renewals included, for 12 months after each sign-up\./)).toBeInTheDocument();
    expect(screen.queryByText(/spotlight|early access|priority support|giveaway|perks/i)).not.toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Affiliate programme' }).map((a) => a.getAttribute('href'))).toEqual(['/affiliate', '/affiliate']);
    expect(screen.getByRole('link', { name: 'Deploy your server' })).toHaveAttribute('href', '/deploy');
  });

  it('drops the commission and the affiliate step while the programme is closed', async () => {
    answerRules({ ...defaultBusinessRules, affiliate: { ...defaultBusinessRules.affiliate, enabled: false } });
    renderPage();
    await expect.poll(benefitTitles).toEqual(['Share your server', 'Backups you can download', 'A status page that measures']);
    expect(screen.queryByRole('link', { name: 'Affiliate programme' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: '2. Ask us anything' })).toBeInTheDocument();
  });

  it('reads in German, formally, with the plural from the library', async () => {
    startTestI18n('de');
    answerRules({ ...defaultBusinessRules, affiliate: { ...defaultBusinessRules.affiliate, commissionPercent: 20, commissionMonths: 1 } });
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: `Lassen Sie Ihre Community mit ${BRAND} wachsen` })).toBeInTheDocument();
    await expect.poll(() => screen.queryByText(/1 Monat lang nach jeder Anmeldung\./)).not.toBeNull();
    expect(screen.getByRole('heading', { level: 3, name: '20 % wiederkehrende Provision' })).toBeInTheDocument();
  });
});
