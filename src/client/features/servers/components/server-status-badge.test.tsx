import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ServerStatusBadge } from '../../../components/ui/status-badge';

function badge(status: string) {
  const { unmount } = render(<ServerStatusBadge status={status} />);
  const el = screen.getByText(/./);
  const result = { text: el.textContent, className: el.className };
  unmount();
  return result;
}

describe('the server status badge (spec section 4)', () => {
  it('is green for online, whatever the case', () => {
    for (const status of ['online', 'ONLINE', 'Online']) {
      const b = badge(status);
      expect(b.text).toBe('Online');
      expect(b.className).toContain('text-accent');
    }
  });

  it('is in the warning style for suspended, whatever the case', () => {
    for (const status of ['suspended', 'SUSPENDED']) {
      const b = badge(status);
      expect(b.text).toBe('Suspended');
      expect(b.className).toContain('text-warn');
    }
  });

  it('is grey for offline and every other state', () => {
    for (const status of ['offline', 'Installing', 'provisioning', 'starting', 'something-new']) {
      const b = badge(status);
      expect(b.className).toContain('text-muted');
      expect(b.className).not.toContain('text-accent');
      expect(b.className).not.toContain('text-warn');
    }
    expect(badge('installing').text).toBe('Installing');
  });
});
