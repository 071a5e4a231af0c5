import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { startTestI18n } from '../../../../../tests/setup/i18n';
import DiscordPage from './discord-page';

function renderPage() {
  return render(
    <MemoryRouter>
      <DiscordPage />
    </MemoryRouter>,
  );
}

describe('the Discord page', () => {
  it('English: asks support for an invite while none is set, and promises no events, prizes or answer times', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Join the Spawnpoint Discord' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request an Invite' })).toHaveAttribute('href', '/support');
    expect(screen.getByRole('heading', { level: 2, name: 'What the community is for' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Help from other owners',
      'Show off your server',
      'Mods, plugins and scripts',
      'Account matters stay private',
      'Do’s',
      'Don’ts',
    ]);
    expect(document.body).not.toHaveTextContent(/giveaway|free month|every friday|in minutes|events/i);
  });

  it('German: the whole page in the formal register, links kept in German', () => {
    startTestI18n('de', { prefixed: true });
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Treten Sie dem Discord von Spawnpoint bei' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Einladung anfragen' })).toHaveAttribute('href', '/de/support');
    expect(screen.getByRole('link', { name: 'Zurück zur Startseite' })).toHaveAttribute('href', '/de');
    expect(screen.getByRole('heading', { level: 2, name: 'Community-Regeln' })).toBeInTheDocument();
    expect(screen.getByText('Seien Sie freundlich und geduldig: Alle haben einmal angefangen.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zum Support-Center' })).toHaveAttribute('href', '/de/support');
  });
});
