import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { startTestI18n } from '../../../../../tests/setup/i18n';
import type { UpgradesView } from '../../../../shared/schemas/delivery';
import { MyUpgradePacks } from './my-upgrade-packs';

const task = (status: 'open' | 'done' | 'refused', note: string | null) => ({
  id: `t-${status}`, itemKind: 'pack' as const, itemName: 'Essentials', quantity: 1, serverId: null, status, note, createdAt: '2030-01-15T12:00:00.000Z', decidedAt: null,
});
const pack = (orderId: string, over: Partial<UpgradesView['packs'][number]>): UpgradesView['packs'][number] => ({
  orderId, name: 'Essentials', paidAt: '2030-01-15T12:00:00.000Z', activeUntil: '2030-02-15T12:00:00.000Z', active: true, delivery: 'manual', task: null, ...over,
});
const view: UpgradesView = {
  prioritySupport: true,
  packs: [
    pack('o-community', { name: 'Community Pack', delivery: 'priority-support' }),
    pack('o-waiting', { task: task('open', null) }),
    pack('o-refused', { name: 'Game Expansion Pack', task: task('refused', 'We cannot host a second game on this plan.'), active: false, activeUntil: '2029-12-15T12:00:00.000Z' }),
  ],
  tasks: [],
  servers: [],
};

let answer: () => Response;
let fetchMock: MockInstance<typeof fetch>;
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  answer = () => json(200, view);
  fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => (String(input) === '/api/upgrades' ? answer() : json(404, { error: { code: 'not_found', message: 'Not found' } })));
});
afterEach(() => {
  fetchMock.mockRestore();
  startTestI18n('en');
});

function renderPacks() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MyUpgradePacks />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('Your upgrade packs', () => {
  it('shows each bought pack with what it delivers and where it stands, and the staff reason of a refusal', async () => {
    renderPacks();
    expect(await screen.findByText('You have priority support: your tickets are answered first.')).toBeInTheDocument();
    const community = screen.getByTestId('pack-o-community');
    expect(within(community).getByText('Active')).toBeInTheDocument();
    expect(community).toHaveTextContent('Priority support · Paid until Feb 15, 2030');
    const waiting = screen.getByTestId('pack-o-waiting');
    expect(within(waiting).getByText('Waiting for our team')).toBeInTheDocument();
    expect(waiting).toHaveTextContent('Set up by our team');
    const refused = screen.getByTestId('pack-o-refused');
    expect(within(refused).getByText('Refused')).toBeInTheDocument();
    expect(refused).toHaveTextContent('Ended on Dec 15, 2029');
    expect(refused).toHaveTextContent('Reason: We cannot host a second game on this plan.');
  });

  it('says when nothing was bought, and offers a retry when the list cannot be loaded', async () => {
    answer = () => json(500, { error: { code: 'internal', message: 'Something went wrong' } });
    const user = renderPacks();
    expect(await screen.findByRole('alert')).toHaveTextContent('Your upgrades could not be loaded.');
    answer = () => json(200, { ...view, prioritySupport: false, packs: [] });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('You have not bought an upgrade pack yet.')).toBeInTheDocument();
    expect(screen.queryByText(/priority support/)).toBeNull();
  });

  it('speaks the page’s language', async () => {
    startTestI18n('de');
    renderPacks();
    expect(await screen.findByRole('heading', { name: 'Ihre Upgrade-Pakete' })).toBeInTheDocument();
    expect(within(await screen.findByTestId('pack-o-refused')).getByText('Abgelehnt')).toBeInTheDocument();
    expect(screen.getByTestId('pack-o-community')).toHaveTextContent('Bevorzugter Support · Bezahlt bis 15.02.2030');
  });
});
