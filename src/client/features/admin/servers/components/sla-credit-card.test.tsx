import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { SlaCreditPreview } from '../../../../../shared/schemas/admin/sla-credits';
import { setSessionUser } from '../../../../lib/session';
import { lastMonth, SlaCreditCard } from './sla-credit-card';

const toastMock = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast: toastMock }));

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const id = '7d1c0f2a-0000-4000-8000-000000000001';
const node = { component: 'node:us-1', label: 'US West 1', checks: 44640, expectedChecks: 44640, answering: 43200, down: 1440, excludedDown: 360, uptimePercent: 97.56, maintenanceDownDays: ['2029-12-10'] };
const base: SlaCreditPreview = {
  serverId: id,
  serverName: 'Creeper Valley',
  userId: 'owner-1',
  location: 'us-west',
  month: '2029-12',
  currency: 'usd',
  feeCents: 1467,
  paidCents: 1467,
  refundedCents: 0,
  nodes: [node],
  measured: node,
  creditPercent: 25,
  capPercent: 100,
  computedCents: 366,
  capCents: 1467,
  claimBy: '2030-01-30',
  claimWindowClosed: false,
  nodesWithoutChecks: 0,
  maintenance: [{ title: 'Network upgrade', startsAt: '2029-12-10T00:00:00.000Z', endsAt: '2029-12-10T06:00:00.000Z' }],
  refusal: null,
  granted: null,
};

let fetchMock: MockInstance<typeof fetch>;
let preview: SlaCreditPreview;
let grantAnswer: () => Response;
let calls: { key: string; body: unknown }[];
let nodeAnswer: ((chosen: string) => Promise<Response> | undefined) | undefined;
let queryClient: QueryClient;

beforeEach(() => {
  toastMock.success.mockReset();
  calls = [];
  preview = base;
  nodeAnswer = undefined;
  grantAnswer = () => {
    // The server answers granted from now on, for every node choice.
    preview = { ...preview, refusal: 'An SLA credit for December 2029 was already granted for this server.', granted: { amountCents: 366, createdAt: '2030-01-15T12:00:00.000Z', createdByEmail: 'staff@example.test', reason: 'Ticket 42' } };
    return json(201, preview);
  };
  fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const key = `${init?.method ?? 'GET'} ${String(input)}`;
    calls.push({ key, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (key.startsWith(`GET /api/admin/servers/${id}/sla-credit?month=2029-12`)) {
      const chosen = new URL(String(input), 'http://x').searchParams.get('node');
      const special = chosen ? nodeAnswer?.(chosen) : undefined;
      if (special) return special;
      const measured = chosen ? preview.nodes.find((n) => n.component === chosen) ?? null : preview.measured;
      return json(200, { ...preview, measured, ...(chosen && !preview.granted && { refusal: null }) });
    }
    if (key === `POST /api/admin/servers/${id}/sla-credit`) return grantAnswer();
    throw new Error(`unexpected fetch ${key}`);
  });
});
afterEach(() => {
  fetchMock.mockRestore();
  setSessionUser(null);
});

function renderAs(role: string) {
  setSessionUser({ id: 'staff', email: 'staff@example.test', role, twoFactorEnabled: true });
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <SlaCreditCard serverId={id} now={new Date('2030-01-15T12:00:00Z')} />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('the SLA credit card', () => {
  it('starts on the month before, across a year end', () => {
    expect(lastMonth(new Date('2030-01-15T12:00:00Z'))).toBe('2029-12');
    expect(lastMonth(new Date('2030-03-31T23:00:00Z'))).toBe('2030-02');
  });

  it("shows billing the month's measure and credit, and grants it with a reason", async () => {
    const user = renderAs('billing');
    expect(await screen.findByText('97.56% (US West 1)')).toBeInTheDocument();
    expect(screen.getByText('$14.67')).toBeInTheDocument();
    expect(screen.getByText('$3.66 (25%, cap 100%: $14.67)')).toBeInTheDocument();
    expect(screen.getByText(/Maintenance and down checks fell on the same day \(2029-12-10\)/)).toBeInTheDocument();
    expect(screen.getByText('Nodes without checks for the month are not listed.')).toBeInTheDocument();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    expect(screen.getByRole('cell', { name: '44640 of 44640 (100%)' })).toBeInTheDocument();
    expect(screen.getByText(/Network upgrade/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Grant SLA credit' }));
    expect(screen.getByText('Please give a reason of at least 3 characters')).toBeInTheDocument();
    expect(calls.some((c) => c.key.startsWith('POST'))).toBe(false);
    await user.type(screen.getByLabelText('Reason (for the audit log)'), 'Ticket 42');
    await user.click(screen.getByRole('button', { name: 'Grant SLA credit' }));
    await waitFor(() => expect(toastMock.success).toHaveBeenCalledWith("Credited $3.66 to the owner's balance"));
    expect(calls.find((c) => c.key.startsWith('POST'))?.body).toEqual({ month: '2029-12', reason: 'Ticket 42' });
    expect(await screen.findByText(/Granted \$3\.66 on .* by staff@example\.test: Ticket 42/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Grant SLA credit' })).not.toBeInTheDocument();
    // Every month and node of this server's SLA credit, and the owner's balance and ledger.
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['admin-servers', 'sla-credit', id] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['admin-customers', 'detail', 'owner-1'] });
    // Only the outcome line is announced, not the whole assessment.
    expect(screen.getByText(/Granted \$3\.66/).closest('[aria-live]')).not.toBeNull();
    expect(screen.getByRole('table').closest('[aria-live]')).toBeNull();
  });

  it('refuses more than the cap before asking, sends the claim, and shows what the server refuses', async () => {
    const user = renderAs('admin');
    await screen.findByText('97.56% (US West 1)');
    await user.type(screen.getByLabelText('Amount in USD ($) (optional)'), '14.68');
    await user.type(screen.getByLabelText('Reason (for the audit log)'), 'Part of it was a restart');
    await user.type(screen.getByLabelText('Or the day of the claim, YYYY-MM-DD (optional)'), '30/01/2030');
    await user.click(screen.getByRole('button', { name: 'Grant SLA credit' }));
    expect(screen.getByText("At most $14.67, the cap of the month's fee")).toBeInTheDocument();
    expect(screen.getByText('Enter the day of the claim as YYYY-MM-DD')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Or the day of the claim, YYYY-MM-DD (optional)'));
    await user.type(screen.getByLabelText('Or the day of the claim, YYYY-MM-DD (optional)'), '2030-01-30');
    expect(calls.some((c) => c.key.startsWith('POST'))).toBe(false);
    grantAnswer = () => json(409, { error: { code: 'conflict', message: 'An SLA credit for December 2029 was already granted for this server.' } });
    await user.clear(screen.getByLabelText('Amount in USD ($) (optional)'));
    await user.type(screen.getByLabelText('Amount in USD ($) (optional)'), '2.00');
    await user.click(screen.getByRole('button', { name: 'Grant SLA credit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('An SLA credit for December 2029 was already granted for this server.');
    expect(calls.find((c) => c.key.startsWith('POST'))?.body).toEqual({ month: '2029-12', amountCents: 200, claimedOn: '2030-01-30', reason: 'Part of it was a restart' });
  });

  it('shows what was refunded of the fee, and that the claim window closed', async () => {
    preview = { ...base, feeCents: 886, paidCents: 1467, refundedCents: 581, capCents: 886, claimWindowClosed: true };
    renderAs('billing');
    expect(await screen.findByText('$8.86 ($14.67 paid, $5.81 refunded)')).toBeInTheDocument();
    expect(screen.getByText(/closed: grant only with the ticket or day of a claim made by then/)).toBeInTheDocument();
    expect(screen.getByLabelText('Ticket of the claim (optional)')).toBeInTheDocument();
  });

  it('lets support look but not grant, and shows why a month cannot be granted', async () => {
    renderAs('support');
    await screen.findByText('97.56% (US West 1)');
    expect(screen.getByText('Billing or admin staff can grant this credit.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Grant SLA credit' })).not.toBeInTheDocument();
  });

  it('asks which node when several serve the location, and says when nothing is measured', async () => {
    const other = { ...node, component: 'node:us-2', label: 'US West 2', down: 0, excludedDown: 0, answering: 44640, uptimePercent: 100 };
    preview = { ...base, nodes: [node, other], measured: null, computedCents: 0, creditPercent: 0, refusal: 'Several nodes serve this location: choose the one the server ran on.' };
    const user = renderAs('billing');
    expect(await screen.findByText('Several nodes serve this location: choose the one the server ran on.')).toBeInTheDocument();
    expect(screen.getByText('Not known')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Node the server ran on'), 'node:us-1');
    expect(await screen.findByText('97.56% (US West 1)')).toBeInTheDocument();
    expect(calls.some((c) => c.key.endsWith('node=node%3Aus-1'))).toBe(true);
    expect(screen.getByRole('button', { name: 'Grant SLA credit' })).toBeInTheDocument();
  });

  it("hides the grant form while a chosen node's figures load, and shows the refusal they bring", async () => {
    const other = { ...node, component: 'node:us-2', label: 'US West 2', down: 0, excludedDown: 0, answering: 44640, uptimePercent: 100, maintenanceDownDays: [] };
    preview = { ...base, nodes: [node, other] };
    let answer: (r: Response) => void = () => {};
    nodeAnswer = (chosen) =>
      chosen === 'node:us-2'
        ? new Promise<Response>((resolve) => {
            answer = resolve;
          })
        : undefined;
    const user = renderAs('billing');
    await screen.findByText('97.56% (US West 1)');
    expect(screen.getByRole('button', { name: 'Grant SLA credit' })).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Node the server ran on'), 'node:us-2');
    expect(await screen.findByText('Measuring the node…')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Grant SLA credit' })).not.toBeInTheDocument();
    const refusal = 'Measured uptime of 100% earns no credit under the current tiers.';
    answer(json(200, { ...preview, measured: other, computedCents: 0, creditPercent: 0, refusal }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Grant SLA credit' })).not.toBeInTheDocument();
  });

  it('offers the node choice when the panel lists nodes without checks', async () => {
    preview = { ...base, measured: null, nodesWithoutChecks: 1, computedCents: 0, creditPercent: 0, refusal: 'The panel lists 1 more node(s) in this location without checks: choose the node the server ran on.' };
    renderAs('billing');
    expect(await screen.findByText(/The panel lists 1 more node\(s\) in us-west without checks, so the node is not picked automatically/)).toBeInTheDocument();
    expect(screen.getByLabelText('Node the server ran on')).toBeInTheDocument();
  });

  it('checks the month as typed', async () => {
    const user = renderAs('billing');
    await screen.findByText('97.56% (US West 1)');
    const month = screen.getByLabelText('Month (YYYY-MM)');
    await user.clear(month);
    await user.type(month, '2029-13');
    expect(screen.getByText('Enter the month as YYYY-MM, for example 2026-10')).toBeInTheDocument();
    expect(calls.some((c) => c.key.includes('month=2029-13'))).toBe(false);
    await user.clear(month);
    await user.type(month, '9999-12');
    expect(screen.getByText('Enter a month between 2000 and 2099')).toBeInTheDocument();
    expect(calls.some((c) => c.key.includes('month=9999-12'))).toBe(false);
  });
});
