import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { NewTicketForm } from './new-ticket-form';

const toastMock = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast: toastMock }));

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

let fetchMock: MockInstance<typeof fetch>;
let servers: Response | (() => Response);
let created: Response;

beforeEach(() => {
  toastMock.success.mockReset();
  toastMock.error.mockReset();
  servers = () => json(404, { error: { code: 'not_found', message: 'No route for GET /api/servers' } });
  created = json(201, { id: 'b7c1e0f2-0000-4000-8000-000000000001', subject: 'x', messages: [] });
  fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input);
    if (url === '/api/servers') return typeof servers === 'function' ? servers() : servers;
    if (url === '/api/tickets') return created;
    throw new Error(`unexpected fetch ${url}`);
  });
});
afterEach(() => fetchMock.mockRestore());

function renderForm() {
  const onCreated = vi.fn();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <NewTicketForm onCreated={onCreated} onCancel={() => {}} />
    </QueryClientProvider>,
  );
  return { onCreated, user: userEvent.setup() };
}

const ticketPosts = () => fetchMock.mock.calls.filter(([url]) => String(url) === '/api/tickets');

describe('NewTicketForm', () => {
  it('has exactly the spec fields and defaults', async () => {
    renderForm();
    expect(screen.getByLabelText('Subject')).toHaveValue('');
    const category = screen.getByLabelText('Category');
    expect(category).toHaveValue('');
    expect(screen.getByRole('option', { name: 'Select category' })).toHaveProperty('selected', true);
    expect([...(category as HTMLSelectElement).options].map((o) => o.value)).toEqual(['', 'technical', 'billing', 'general']);
    const priority = screen.getByLabelText('Priority') as HTMLSelectElement;
    expect(priority).toHaveValue('medium');
    expect([...priority.options].map((o) => o.value)).toEqual(['low', 'medium', 'high']);
    expect(screen.getByLabelText('Description')).toHaveAttribute('rows', '6');
    // GET /api/servers did not answer: no 'Related server' select.
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/servers', expect.anything()));
    expect(screen.queryByLabelText('Related server')).toBeNull();
  });

  it('shows every missing field and sends nothing', async () => {
    const { user, onCreated } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Create Ticket' }));
    expect(screen.getByText('Subject is required')).toBeInTheDocument();
    expect(screen.getByText('Please select a category')).toBeInTheDocument();
    expect(screen.getByText('Description is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Subject')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Subject')).toHaveFocus();
    expect(ticketPosts()).toEqual([]);
    expect(onCreated).not.toHaveBeenCalled();
    expect(toastMock.error).toHaveBeenCalledWith('Error', { description: 'Failed to create support ticket' });
  });

  it('sends priority medium unless changed, then resets and reports success', async () => {
    const { user, onCreated } = renderForm();
    await user.type(screen.getByLabelText('Subject'), 'Lag spikes');
    await user.selectOptions(screen.getByLabelText('Category'), 'technical');
    await user.type(screen.getByLabelText('Description'), 'TPS drops every evening.');
    await user.click(screen.getByRole('button', { name: 'Create Ticket' }));

    await waitFor(() => expect(onCreated).toHaveBeenCalledTimes(1));
    const [, init] = ticketPosts()[0]!;
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({
      subject: 'Lag spikes',
      category: 'technical',
      priority: 'medium',
      description: 'TPS drops every evening.',
    });
    expect(toastMock.success).toHaveBeenCalledWith('Success', { description: 'Support ticket created successfully' });
    expect(screen.getByLabelText('Subject')).toHaveValue('');
    expect(screen.getByLabelText('Category')).toHaveValue('');
    expect(screen.getByLabelText('Priority')).toHaveValue('medium');
  });

  it('shows the server’s field errors and the failure toast', async () => {
    created = json(400, {
      error: { code: 'bad_request', message: 'Choose one of your servers', fields: { serverId: 'Choose one of your servers' } },
    });
    servers = json(200, { servers: [{ id: '5e3d7a10-0000-4000-8000-000000000002', name: 'Survival World' }] });
    const { user, onCreated } = renderForm();
    const related = await screen.findByLabelText('Related server');
    await user.type(screen.getByLabelText('Subject'), 'Backups');
    await user.selectOptions(screen.getByLabelText('Category'), 'general');
    await user.selectOptions(screen.getByLabelText('Priority'), 'high');
    await user.selectOptions(related, 'Survival World');
    await user.type(screen.getByLabelText('Description'), 'Where are they?');
    await user.click(screen.getByRole('button', { name: 'Create Ticket' }));

    expect(await screen.findByText('Choose one of your servers')).toBeInTheDocument();
    expect(JSON.parse(String(ticketPosts()[0]![1]?.body))).toMatchObject({
      priority: 'high',
      serverId: '5e3d7a10-0000-4000-8000-000000000002',
    });
    expect(toastMock.error).toHaveBeenCalledWith('Error', { description: 'Failed to create support ticket' });
    expect(onCreated).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Subject')).toHaveValue('Backups');
  });
});
