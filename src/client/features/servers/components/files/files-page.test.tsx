import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { entry, fakeApi, json, renderFiles, type FakeApi } from './files-test-kit';

configure({ asyncUtilTimeout: 5_000 });
const toastMock = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast: toastMock }));

let api: FakeApi;
const root = [entry('plugins'), entry('world'), entry('server.properties', { sizeBytes: 1536 }), entry('server.jar', { sizeBytes: 40 * 1024 * 1024, editable: false })];
beforeEach(() => {
  toastMock.success.mockReset();
  api = fakeApi();
  api.routes['GET /api/servers/srv-1/files?path='] = () => json(200, { path: '', entries: root });
  api.routes['GET /api/servers/srv-1/files?path=plugins'] = () =>
    json(200, { path: 'plugins', entries: [entry('Essentials', { path: 'plugins/Essentials' }), entry('config.yml', { path: 'plugins/config.yml' })] });
  api.routes['GET /api/servers/srv-1/files?path=plugins%2FEssentials'] = () => json(200, { path: 'plugins/Essentials', entries: [] });
});
afterEach(() => api.restore());

const table = () => screen.getByRole('table', { name: /^Files in/ });
const row = (name: string) => within(table()).getByRole('row', { name: new RegExp(name.replace('.', '\\.')) });

describe('browsing a server’s files', () => {
  it('lists the root with names, sizes and dates, opens folders by the breadcrumb and shows an empty folder', async () => {
    const { user } = renderFiles();
    expect(await screen.findByRole('heading', { level: 1, name: 'Files: Survival World' })).toBeInTheDocument();
    await screen.findByRole('table', { name: 'Files in the root folder' });
    const names = within(table()).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell')[0]!.textContent);
    expect(names).toEqual([expect.stringContaining('plugins'), expect.stringContaining('world'), expect.stringContaining('server.properties'), expect.stringContaining('server.jar')]);
    expect(row('server.properties')).toHaveTextContent('1.5 KB');
    expect(row('server.jar')).toHaveTextContent('40 MB');
    expect(within(row('server.jar')).getByRole('link', { name: 'Download server.jar' })).toHaveAttribute('href', '/api/servers/srv-1/files/download?path=server.jar');
    // Folders have no download, and no size.
    expect(within(row('plugins')).queryByRole('link', { name: /Download/ })).not.toBeInTheDocument();
    expect(within(row('plugins')).getByRole('cell', { name: '—' })).toBeInTheDocument();
    expect(within(row('plugins')).getByText(/Nov 20, 2026/, { selector: 'time' })).toHaveAttribute('datetime', '2026-11-20T10:00:00.000Z');

    await user.click(within(table()).getByRole('link', { name: 'plugins (folder)' }));
    await screen.findByRole('table', { name: 'Files in plugins' });
    const crumbs = screen.getByRole('navigation', { name: 'Folder path' });
    expect(within(crumbs).getByText('plugins')).toHaveAttribute('aria-current', 'page');

    await user.click(within(table()).getByRole('link', { name: 'Essentials (folder)' }));
    expect(await screen.findByRole('heading', { name: 'This folder is empty' })).toBeInTheDocument();
    expect(screen.getByText('Upload files or create a folder here.')).toBeInTheDocument();

    await user.click(within(screen.getByRole('navigation', { name: 'Folder path' })).getByRole('link', { name: 'plugins' }));
    await screen.findByRole('table', { name: 'Files in plugins' });
    await user.click(within(screen.getByRole('navigation', { name: 'Folder path' })).getByRole('link', { name: 'Root folder' }));
    await screen.findByRole('table', { name: 'Files in the root folder' });
    expect(screen.getByRole('link', { name: 'My Services' })).toHaveAttribute('href', '/dashboard/services#server-srv-1');
  });

  it('says in words why a folder cannot be shown: permission, path rules, and the panel being down', async () => {
    api.routes['GET /api/servers/srv-1/files?path='] = () =>
      json(403, { error: { code: 'forbidden', message: 'You do not have the files permission on this server. Ask its owner to grant it.' } });
    const first = renderFiles();
    expect(await screen.findByRole('alert')).toHaveTextContent('You do not have the files permission on this server. Ask its owner to grant it.');
    expect(screen.getByRole('button', { name: 'Upload files' })).toBeDisabled();
    first.unmount();

    api.routes['GET /api/servers/srv-1/files?path=..%2Fetc'] = () =>
      json(400, { error: { code: 'validation', message: "Paths cannot go above the server's root folder ('..')." } });
    const second = renderFiles('/dashboard/servers/srv-1/files?path=../etc');
    expect(await screen.findByRole('alert')).toHaveTextContent("Paths cannot go above the server's root folder ('..').");
    expect(screen.getByRole('link', { name: 'Go to the root folder' })).toHaveAttribute('href', '/dashboard/servers/srv-1/files');
    second.unmount();

    api.routes['GET /api/servers/srv-1/files?path='] = () => json(503, { error: { code: 'panel_unavailable', message: 'connect ECONNREFUSED 10.0.0.9:443' } });
    renderFiles();
    expect(await screen.findByRole('alert', {}, { timeout: 5_000 })).toHaveTextContent('The game panel is not answering right now. Please try again in a minute.');
    expect(document.body).not.toHaveTextContent('ECONNREFUSED');
  });
});

describe('changing files', () => {
  it('creates a folder: the name is checked first, the server’s refusal shows on the field', async () => {
    const { user } = renderFiles();
    await screen.findByRole('table', { name: 'Files in the root folder' });
    await user.click(screen.getByRole('button', { name: 'New folder' }));
    const dialog = screen.getByRole('dialog', { name: 'New folder' });
    await user.click(within(dialog).getByRole('button', { name: 'Create folder' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Give a name');
    await user.type(within(dialog).getByLabelText('Folder name'), 'a/b');
    await user.click(within(dialog).getByRole('button', { name: 'Create folder' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('A name cannot contain slashes');
    expect(api.calls.some((c) => c.key.startsWith('POST'))).toBe(false);

    api.routes['POST /api/servers/srv-1/files/folders'] = () => json(409, { error: { code: 'file_exists', message: 'Something named world is already there.' } });
    await user.clear(within(dialog).getByLabelText('Folder name'));
    await user.type(within(dialog).getByLabelText('Folder name'), 'world');
    await user.click(within(dialog).getByRole('button', { name: 'Create folder' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Something named world is already there.');
    expect(within(dialog).getByLabelText('Folder name')).toHaveAttribute('aria-invalid', 'true');

    api.routes['POST /api/servers/srv-1/files/folders'] = () => new Response(null, { status: 204 });
    await user.clear(within(dialog).getByLabelText('Folder name'));
    await user.type(within(dialog).getByLabelText('Folder name'), 'maps{Enter}');
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(api.calls.filter((c) => c.key === 'POST /api/servers/srv-1/files/folders').at(-1)?.body).toEqual({ path: '', name: 'maps' });
    expect(toastMock.success).toHaveBeenCalledWith('Folder Created', { description: 'maps is ready.' });
    // The folder is read again.
    await waitFor(() => expect(api.calls.filter((c) => c.key === 'GET /api/servers/srv-1/files?path=')).toHaveLength(2));
  });

  it('renames in the same folder, refusing an unchanged name and showing the server’s refusal', async () => {
    const { user } = renderFiles();
    await screen.findByRole('table', { name: 'Files in the root folder' });
    await user.click(within(row('server.properties')).getByRole('button', { name: 'Rename server.properties' }));
    const dialog = screen.getByRole('dialog', { name: 'Rename server.properties' });
    const field = within(dialog).getByLabelText('New name');
    expect(field).toHaveValue('server.properties');
    expect(field).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('That is its name already: choose a different one.');

    api.routes['POST /api/servers/srv-1/files/rename'] = () => json(409, { error: { code: 'file_exists', message: 'Something named server.jar is already there.' } });
    await user.clear(field);
    await user.type(field, 'server.jar');
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Something named server.jar is already there.');

    api.routes['POST /api/servers/srv-1/files/rename'] = () => new Response(null, { status: 204 });
    await user.clear(field);
    await user.type(field, 'server.properties.bak');
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(api.calls.filter((c) => c.key === 'POST /api/servers/srv-1/files/rename').at(-1)?.body).toEqual({ path: 'server.properties', name: 'server.properties.bak' });
    expect(toastMock.success).toHaveBeenCalledWith('Renamed', { description: 'server.properties is now server.properties.bak.' });
  });

  it('deletes only after a confirmation, which says a folder goes with everything in it', async () => {
    api.routes['POST /api/servers/srv-1/files/delete'] = () => new Response(null, { status: 204 });
    const { user } = renderFiles();
    await screen.findByRole('table', { name: 'Files in the root folder' });
    await user.click(within(row('plugins')).getByRole('button', { name: 'Delete plugins' }));
    let dialog = screen.getByRole('dialog', { name: 'Delete the folder plugins?' });
    expect(dialog).toHaveTextContent('The folder and everything in it are deleted for good.');
    expect(within(dialog).getByRole('button', { name: 'Keep it' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(api.calls.some((c) => c.key.startsWith('POST'))).toBe(false);

    await user.click(within(row('server.jar')).getByRole('button', { name: 'Delete server.jar' }));
    dialog = screen.getByRole('dialog', { name: 'Delete server.jar?' });
    api.routes['POST /api/servers/srv-1/files/delete'] = () =>
      json(403, { error: { code: 'forbidden', message: 'You do not have the files permission on this server. Ask its owner to grant it.' } });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You do not have the files permission on this server.');

    api.routes['POST /api/servers/srv-1/files/delete'] = () => {
      api.routes['GET /api/servers/srv-1/files?path='] = () => json(200, { path: '', entries: root.filter((e) => e.name !== 'server.jar') });
      return new Response(null, { status: 204 });
    };
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(api.calls.filter((c) => c.key === 'POST /api/servers/srv-1/files/delete').at(-1)?.body).toEqual({ paths: ['server.jar'] });
    // The row and its button are gone: focus lands on the folder's contents, not on the page's body.
    await waitFor(() => expect(screen.getByRole('region', { name: 'Folder contents' })).toHaveFocus());
    expect(within(table()).queryByRole('link', { name: 'server.jar' })).not.toBeInTheDocument();
    expect(toastMock.success).toHaveBeenCalledWith('Deleted', { description: 'server.jar was deleted.' });
  });
});
