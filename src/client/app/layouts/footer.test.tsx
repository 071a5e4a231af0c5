import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { primeUnpublishedPaths } from '../../lib/unpublished-pages';
import { Footer } from './footer';

let fetchMock: MockInstance<typeof fetch>;
beforeEach(() => {
  fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    if (String(input) === '/api/content/unpublished') return new Response(JSON.stringify({ paths: ['/about', '/sla'] }), { status: 200 });
    throw new Error(`unexpected fetch ${String(input)}`);
  });
});
afterEach(() => fetchMock.mockRestore());

describe('the footer', () => {
  it('drops the links to pages not published yet (a sample About or SLA in production), and links the help centre', async () => {
    render(
      <MemoryRouter>
        <Footer />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Service Level Agreement' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Service Level Agreement' })).not.toBeInTheDocument());
    expect(screen.queryByRole('link', { name: 'About Us' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'FAQ' })).toHaveAttribute('href', '/help');
  });

  // Last: the list, once given, stays for the page load.
  it('leaves them out from the first render when the server rendered the page with the list (decision 070), and asks for nothing', () => {
    primeUnpublishedPaths(['/sla']);
    render(
      <MemoryRouter>
        <Footer />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('link', { name: 'Service Level Agreement' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'About Us' })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
