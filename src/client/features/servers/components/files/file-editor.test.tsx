import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DISK_FULL_MESSAGE } from '../../../../../shared/schemas/server-files';
import { entry, fakeApi, json, renderFiles, type FakeApi } from './files-test-kit';

configure({ asyncUtilTimeout: 5_000 });
const toastMock = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast: toastMock }));

const properties = 'motd=A Minecraft Server\npvp=true\n';
let api: FakeApi;
beforeEach(() => {
  toastMock.success.mockReset();
  toastMock.error.mockReset();
  api = fakeApi();
  api.routes['GET /api/servers/srv-1/files?path='] = () =>
    json(200, { path: '', entries: [entry('server.properties'), entry('server.jar', { editable: false }), entry('huge.log', { sizeBytes: 5 * 1024 * 1024, editable: false })] });
  api.routes['GET /api/servers/srv-1/files/contents?path=server.properties'] = () => json(200, { path: 'server.properties', content: properties });
});
afterEach(() => api.restore());

const editor = () => screen.findByRole('textbox', { name: 'Contents of server.properties' });

describe('the plain editor', () => {
  it('opens a text file from the list, saves the change and says so; Ctrl+S saves too', async () => {
    const { user } = renderFiles();
    await user.click(await screen.findByRole('link', { name: 'server.properties' }));
    const area = await editor();
    expect(area).toHaveValue(properties);
    expect(area).toHaveClass('font-mono');
    expect(screen.getByRole('status')).toHaveTextContent('All changes saved');
    expect(screen.getByRole('button', { name: 'Save server.properties' })).toBeDisabled();
    const crumbs = screen.getByRole('navigation', { name: 'Folder path' });
    expect(within(crumbs).getByText('server.properties')).toHaveAttribute('aria-current', 'page');

    let saved: unknown;
    api.routes['PUT /api/servers/srv-1/files/contents'] = (_url, init) => {
      saved = JSON.parse(String(init?.body));
      return new Response(null, { status: 204 });
    };
    fireEvent.change(area, { target: { value: properties.replace('A Minecraft Server', 'Welcome home') } });
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save server.properties' }));
    await waitFor(() => expect(screen.getByText('All changes saved')).toBeInTheDocument());
    expect(saved).toEqual({ path: 'server.properties', content: 'motd=Welcome home\npvp=true\n' });
    expect(toastMock.success).toHaveBeenCalledWith('Saved', { description: 'server.properties was saved.' });

    await user.type(area, 'difficulty=hard');
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    await user.keyboard('{Control>}s{/Control}');
    await waitFor(() => expect(screen.getByText('All changes saved')).toBeInTheDocument());
    expect(saved).toEqual({ path: 'server.properties', content: 'motd=Welcome home\npvp=true\ndifficulty=hard' });
  });

  it('asks before unsaved changes are left behind, and keeps them when the person stays', async () => {
    const { user } = renderFiles('/dashboard/servers/srv-1/files?file=server.properties');
    const area = await editor();
    await user.type(area, 'white-list=true');
    await user.click(screen.getByRole('link', { name: 'Back to folder' }));
    let dialog = screen.getByRole('dialog', { name: 'Discard your changes?' });
    expect(within(dialog).getByRole('button', { name: 'Keep editing' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    expect(await editor()).toHaveValue(`${properties}white-list=true`);

    // The breadcrumb and the way back to My Services are held too.
    await user.click(screen.getByRole('link', { name: 'My Services' }));
    dialog = screen.getByRole('dialog', { name: 'Discard your changes?' });
    await user.click(within(dialog).getByRole('button', { name: 'Discard changes' }));
    expect(await screen.findByRole('heading', { name: 'My Services page' })).toBeInTheDocument();
    expect(api.calls.some((c) => c.key.startsWith('PUT'))).toBe(false);
  });

  it('warns before the tab is closed or reloaded with unsaved changes, and not after saving', async () => {
    api.routes['PUT /api/servers/srv-1/files/contents'] = () => new Response(null, { status: 204 });
    const { user } = renderFiles('/dashboard/servers/srv-1/files?file=server.properties');
    const area = await editor();
    const clean = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(clean);
    expect(clean.defaultPrevented).toBe(false);
    await user.type(area, '#');
    const dirty = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(dirty);
    expect(dirty.defaultPrevented).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Save server.properties' }));
    await waitFor(() => expect(screen.getByText('All changes saved')).toBeInTheDocument());
    const after = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(after);
    expect(after.defaultPrevented).toBe(false);
  });

  it('shows why a large or binary file is not opened, in the server’s words, with a Download link', async () => {
    api.routes['GET /api/servers/srv-1/files/contents?path=server.jar'] = () =>
      json(415, { error: { code: 'not_text', message: 'This file is not text: download it instead.' } });
    api.routes['GET /api/servers/srv-1/files/contents?path=huge.log'] = () =>
      json(413, { error: { code: 'file_too_large', message: 'The file is too large to edit here.' } });
    const { user } = renderFiles();
    await user.click(await screen.findByRole('link', { name: 'server.jar' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('server.jar cannot be opened here.');
    expect(alert).toHaveTextContent('This file is not text: download it instead.');
    expect(screen.getByRole('link', { name: 'Download server.jar' })).toHaveAttribute('href', '/api/servers/srv-1/files/download?path=server.jar');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Back to folder' }));
    await user.click(await screen.findByRole('link', { name: 'huge.log' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The file is too large to edit here.');
  });

  it('keeps the text when saving is refused, and says why', async () => {
    api.routes['PUT /api/servers/srv-1/files/contents'] = () =>
      json(409, { error: { code: 'server_suspended', message: 'This server is suspended. Settle the outstanding invoice to start it again.' } });
    const { user } = renderFiles('/dashboard/servers/srv-1/files?file=server.properties');
    const area = await editor();
    await user.type(area, 'pvp=false');
    await user.click(screen.getByRole('button', { name: 'Save server.properties' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'server.properties was not saved. This server is suspended. Settle the outstanding invoice to start it again.',
    );
    expect(area).toHaveValue(`${properties}pvp=false`);
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
  });

  it("says the server's disk is full when a save would not fit, keeping the text", async () => {
    api.routes['PUT /api/servers/srv-1/files/contents'] = () => json(413, { error: { code: 'disk_full', message: DISK_FULL_MESSAGE } });
    const { user } = renderFiles('/dashboard/servers/srv-1/files?file=server.properties');
    const area = await editor();
    await user.type(area, 'pvp=false');
    await user.click(screen.getByRole('button', { name: 'Save server.properties' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(`server.properties was not saved. ${DISK_FULL_MESSAGE}`);
    expect(area).toHaveValue(`${properties}pvp=false`);
  });
});
