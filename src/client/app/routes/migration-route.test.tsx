import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setSessionUser } from '../../lib/session';
import { withQueryClient } from '../../lib/query-client';
import MigrationRoute from './migration-route';

const Page = withQueryClient(MigrationRoute);

function renderAt() {
  render(
    <MemoryRouter initialEntries={['/migration']}>
      <Page />
    </MemoryRouter>,
  );
}

afterEach(() => setSessionUser(null));

describe('/migration', () => {
  it('is the not-found screen for a customer and for a signed-out visitor', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    for (const user of [{ id: 'u1', email: 'a@b.test', role: 'customer' }, { id: 'u2', email: 's@b.test', role: 'support' }, null]) {
      setSessionUser(user);
      const { unmount } = render(
        <MemoryRouter initialEntries={['/migration']}>
          <Page />
        </MemoryRouter>,
      );
      expect(screen.getByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Run Migration' })).toBeNull();
      unmount();
    }
    warn.mockRestore();
  });

  it('is the linking part alone for billing staff, who link panel servers but do not import', () => {
    setSessionUser({ id: 'b1', email: 'billing@b.test', role: 'billing' });
    renderAt();
    expect(screen.getByRole('heading', { level: 1, name: 'Data Migration' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Run Migration' })).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: 'Servers on the panel not linked yet' })).toBeInTheDocument();
  });

  it('is the migration page for an admin', () => {
    setSessionUser({ id: 'a1', email: 'admin@b.test', role: 'admin' });
    renderAt();
    expect(screen.getByRole('heading', { level: 1, name: 'Data Migration' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Check Status' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Run Migration' })).toBeEnabled();
  });
});
