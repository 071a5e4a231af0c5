import { act, fireEvent, render, screen } from '@testing-library/react';
import { BrowserRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUrlFilters } from './use-url-filters';

function Orders() {
  const filters = useUrlFilters(['q'] as const);
  return (
    <label>
      Search orders
      <input value={filters.search} onChange={(e) => filters.setSearch(e.target.value)} />
    </label>
  );
}

describe('useUrlFilters', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    window.history.replaceState(null, '', '/admin/orders');
    render(<BrowserRouter><Orders /></BrowserRouter>);
    fireEvent.change(screen.getByLabelText('Search orders'), { target: { value: 'ada' } });
  });
  afterEach(() => {
    vi.useRealTimers();
    window.history.replaceState(null, '', '/');
  });

  it('puts the search in the URL once the typing pauses', async () => {
    expect(window.location.search).toBe('');
    await act(async () => vi.advanceTimersByTime(350));
    expect(window.location.search).toBe('?q=ada');
  });

  it('does not take the page back to the list when the pause ends after a result was clicked', async () => {
    // The click moves the address at once; the router keeps the list mounted while the next page loads.
    window.history.pushState(null, '', '/admin/orders/42');
    await act(async () => vi.advanceTimersByTime(350));
    expect(window.location.pathname + window.location.search).toBe('/admin/orders/42');
  });
});
