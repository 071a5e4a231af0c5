import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { defaultBrand, primaryColorProblems, type Brand } from '../../../../shared/brand';
import { defaultBusinessRules } from '../../../../shared/business-rules';
import { BrandCard } from './components/brand-card';

const toastMock = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast: toastMock }));

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let fetchMock: MockInstance<typeof fetch>;
let brand: Brand;
let requests: { key: string; body: unknown }[];
let answer: (key: string, body: unknown) => Response | undefined;

beforeEach(() => {
  toastMock.success.mockReset();
  toastMock.error.mockReset();
  brand = { ...defaultBrand };
  requests = [];
  answer = () => undefined;
  fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const key = `${init?.method ?? 'GET'} ${String(input)}`;
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
    if (init?.body) requests.push({ key, body });
    const custom = answer(key, body);
    if (custom) return custom;
    if (key === 'GET /api/admin/settings/brand') return json(200, { brand, rules: defaultBusinessRules });
    if (key === 'PUT /api/admin/settings/brand') {
      brand = { ...brand, ...(body as Partial<Brand>) };
      return json(200, brand);
    }
    throw new Error(`unexpected fetch ${key}`);
  });
});
afterEach(() => fetchMock.mockRestore());

function renderCard() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <BrandCard />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

/** The card shows a summary; the form opens with 'Edit brand'. */
async function openEditor(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Edit brand' }));
}

/** Replaces a field's text at once (typing each key re-checks the colour, which is slow in jsdom). */
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.clear(field);
  await user.click(field);
  await user.paste(text);
}

describe('Settings → Brand', () => {
  it('checks the colour as it is typed, with the reason the server gives, and sends nothing until it passes', async () => {
    const user = renderCard();
    expect(await screen.findByText('#4ade80')).toBeInTheDocument();
    await openEditor(user);
    const colour = await screen.findByLabelText('Primary colour');
    await fill(user, colour, '#1d4ed8');
    const reason = primaryColorProblems('#1d4ed8')[0]!;
    expect(screen.getByRole('alert')).toHaveTextContent(reason);
    expect(within(screen.getByRole('list', { name: 'Contrast checks' })).getAllByText('Fails').length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: 'Save brand' }));
    expect(requests).toEqual([]);
    expect(toastMock.error).toHaveBeenCalledWith('Check the highlighted fields');

    await fill(user, colour, '#38bdf8');
    expect(screen.queryByRole('alert')).toBeNull();
    await fill(user, screen.getByLabelText('Shop name'), 'Blockhost');
    await fill(user, screen.getByLabelText('YouTube'), 'https://youtube.com/@blockhost');
    await user.click(screen.getByRole('button', { name: 'Save brand' }));
    await waitFor(() => expect(toastMock.success).toHaveBeenCalledWith('Brand saved', expect.anything()));
    expect(requests[0]).toMatchObject({
      key: 'PUT /api/admin/settings/brand',
      body: { name: 'Blockhost', primaryColor: '#38bdf8', discordUrl: null, socials: { youtube: 'https://youtube.com/@blockhost', x: null } },
    });
  });

  it("shows the server's refusal beside the field it names, keeping what was typed", async () => {
    answer = (key) =>
      key === 'PUT /api/admin/settings/brand'
        ? json(400, { error: { code: 'validation_failed', message: 'Check the fields', fields: { supportEmail: 'Enter an email address customers can write to' } } })
        : undefined;
    const user = renderCard();
    await openEditor(user);
    const name = await screen.findByLabelText('Shop name');
    await fill(user, name, 'Blockhost');
    await user.click(screen.getByRole('button', { name: 'Save brand' }));
    expect(await screen.findByText('Enter an email address customers can write to')).toBeInTheDocument();
    expect(screen.getByLabelText('Support address')).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveValue('Blockhost');
    expect(toastMock.error).toHaveBeenCalledWith('Could not save the brand', expect.anything());
  });

  it('refuses a bad link before sending', async () => {
    const user = renderCard();
    await openEditor(user);
    await fill(user, await screen.findByLabelText('Discord invite'), 'discord.gg/nope');
    await user.click(screen.getByRole('button', { name: 'Save brand' }));
    expect(await screen.findByText('Enter a full address starting with https://')).toBeInTheDocument();
    expect(requests).toEqual([]);
  });

  it('uploads a logo as it is, refuses one too large before sending, and shows the server refusal', async () => {
    answer = (key) => {
      if (key !== 'PUT /api/admin/settings/brand/logo') return undefined;
      return requests.length === 1
        ? json(400, { error: { code: 'validation_failed', message: 'The logo must be a PNG, WebP or JPEG image.' } })
        : json(200, (brand = { ...brand, logo: '/api/brand/logo/0123456789abcdef' }));
    };
    const user = renderCard();
    await openEditor(user);
    const file = await screen.findByLabelText('Logo');
    await user.upload(file, new File([new Uint8Array(300 * 1024)], 'big.png', { type: 'image/png' }));
    expect(await screen.findByText('The logo is 300 KB; it can be at most 200 KB.')).toBeInTheDocument();
    expect(requests).toEqual([]);

    await user.upload(file, new File(['GIF89a'], 'logo.png', { type: 'image/png' }));
    expect(await screen.findByText('The logo must be a PNG, WebP or JPEG image.')).toBeInTheDocument();
    await user.upload(file, new File(['png'], 'logo.png', { type: 'image/png' }));
    expect(await screen.findByRole('img', { name: 'Current logo of Spawnpoint' })).toHaveAttribute('src', '/api/brand/logo/0123456789abcdef');
    expect(requests.map((r) => r.key)).toEqual(['PUT /api/admin/settings/brand/logo', 'PUT /api/admin/settings/brand/logo']);
    expect(requests[1]!.body).toBeInstanceOf(File);
  });

  it('refuses a file of the wrong type before sending it (the browser would log the refused upload)', async () => {
    const user = renderCard();
    await openEditor(user);
    fireEvent.change(await screen.findByLabelText('Logo'), { target: { files: [new File(['GIF89a'], 'logo.gif', { type: 'image/gif' })] } });
    expect(await screen.findByText('The logo must be a PNG, WebP or JPEG image.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Favicon'), { target: { files: [new File(['x'], 'icon.svg', { type: 'image/svg+xml' })] } });
    expect(await screen.findByText('The favicon must be a PNG or ICO image.')).toBeInTheDocument();
    expect(requests).toEqual([]);
  });
});
