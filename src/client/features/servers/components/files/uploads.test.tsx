import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DISK_FULL_MESSAGE } from '../../../../../shared/schemas/server-files';
import { entry, FakeXhr, fakeApi, json, renderFiles, type FakeApi } from './files-test-kit';

configure({ asyncUtilTimeout: 5_000 });
const toastMock = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast: toastMock }));

const MB = 1024 * 1024;
let api: FakeApi;
let listed: ReturnType<typeof entry>[];
beforeEach(() => {
  api = fakeApi();
  listed = [entry('plugins'), entry('server.properties')];
  api.routes['GET /api/servers/srv-1/files?path='] = () => json(200, { path: '', entries: listed });
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => {
  api.restore();
  vi.unstubAllGlobals();
});

function file(name: string, size: number): File {
  const f = new File(['x'], name, { type: 'application/octet-stream' });
  Object.defineProperty(f, 'size', { value: size });
  return f;
}

async function pick(user: ReturnType<typeof renderFiles>['user'], files: File[]) {
  await screen.findByRole('table', { name: 'Files in the root folder' });
  const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
  expect(input).toHaveAttribute('multiple');
  await user.upload(input, files);
}

const uploads = () => screen.getByRole('region', { name: 'Uploads' });
const item = (name: string) => within(uploads()).getByText(name).closest('li')!;

describe('uploading files', () => {
  it('sends several files one after another with a progress bar each, then lists them', async () => {
    const { user } = renderFiles();
    await pick(user, [file('map.zip', 5 * MB), file('plugin.jar', 2 * MB)]);

    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const first = FakeXhr.sent[0]!;
    expect(first.method).toBe('POST');
    expect(first.url).toBe('/api/servers/srv-1/files/upload?path=&name=map.zip');
    expect(first.headers['content-type']).toBe('application/octet-stream');
    expect(within(item('plugin.jar')).getByText('Waiting · 2 MB')).toBeInTheDocument();

    act(() => first.progress(2.5 * MB, 5 * MB));
    const bar = within(item('map.zip')).getByRole('progressbar', { name: 'Upload of map.zip' });
    expect(bar).toHaveAttribute('aria-valuenow', '50');
    expect(item('map.zip')).toHaveTextContent('50% · 2.5 MB of 5 MB');

    listed = [...listed, entry('map.zip', { sizeBytes: 5 * MB, editable: false })];
    act(() => first.respond(204));
    await waitFor(() => expect(item('map.zip')).toHaveTextContent('Uploaded · 5 MB'));
    expect(within(item('map.zip')).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'map.zip' })).toBeInTheDocument();

    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    expect(FakeXhr.sent[1]!.url).toBe('/api/servers/srv-1/files/upload?path=&name=plugin.jar');
    act(() => FakeXhr.sent[1]!.respond(204));
    await waitFor(() => expect(item('plugin.jar')).toHaveTextContent('Uploaded · 2 MB'));
    expect(screen.getByText('plugin.jar uploaded.')).toBeInTheDocument();

    await user.click(within(uploads()).getByRole('button', { name: 'Clear finished' }));
    expect(screen.queryByRole('region', { name: 'Uploads' })).not.toBeInTheDocument();
  });

  it('refuses a file over 100 MB before sending it, and shows the server’s refusal of another', async () => {
    const { user } = renderFiles();
    await pick(user, [file('world-backup.zip', 150 * MB), file('notes.txt', 10)]);
    expect(item('world-backup.zip')).toHaveTextContent('Not uploaded: It is 150 MB. Files can be at most 100 MB here: upload larger ones with SFTP.');

    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    expect(FakeXhr.sent[0]!.url).toContain('name=notes.txt');
    act(() =>
      FakeXhr.sent[0]!.respond(403, { error: { code: 'forbidden', message: 'You do not have the files permission on this server. Ask its owner to grant it.' } }),
    );
    await waitFor(() =>
      expect(item('notes.txt')).toHaveTextContent('Not uploaded: You do not have the files permission on this server. Ask its owner to grant it.'),
    );
    expect(FakeXhr.sent).toHaveLength(1);
  });

  it("says the server's disk is full when an upload does not fit, and a proxy's bare 413 is the upload limit", async () => {
    const { user } = renderFiles();
    await pick(user, [file('world.zip', 20 * MB), file('logs.zip', MB)]);
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    act(() => FakeXhr.sent[0]!.respond(413, { error: { code: 'disk_full', message: DISK_FULL_MESSAGE } }));
    await waitFor(() => expect(item('world.zip')).toHaveTextContent(`Not uploaded: ${DISK_FULL_MESSAGE}`));

    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    act(() => FakeXhr.sent[1]!.respond(413));
    await waitFor(() => expect(item('logs.zip')).toHaveTextContent('Not uploaded: Files can be at most 100 MB here: upload larger ones with SFTP.'));
  });

  it('says so when the panel is down or the connection drops, and cancels on request', async () => {
    const { user } = renderFiles();
    await pick(user, [file('a.jar', MB), file('b.jar', MB), file('c.jar', MB)]);
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    act(() => FakeXhr.sent[0]!.respond(503, { error: { code: 'panel_unavailable', message: 'ECONNRESET at 10.0.0.4' } }));
    await waitFor(() => expect(item('a.jar')).toHaveTextContent('Not uploaded: The game panel is not answering right now. Please try again in a minute.'));
    expect(document.body).not.toHaveTextContent('ECONNRESET');

    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    act(() => FakeXhr.sent[1]!.onerror?.());
    await waitFor(() => expect(item('b.jar')).toHaveTextContent('Not uploaded: The upload was interrupted. Check your connection and try again.'));

    await waitFor(() => expect(FakeXhr.sent).toHaveLength(3));
    await user.click(within(item('c.jar')).getByRole('button', { name: 'Cancel the upload of c.jar' }));
    expect(FakeXhr.sent[2]!.aborted).toBe(true);
    await waitFor(() => expect(item('c.jar')).toHaveTextContent('Cancelled'));
  });

  it('asks before replacing a file of the same name', async () => {
    const { user } = renderFiles();
    await pick(user, [file('server.properties', 300), file('extra.txt', 20)]);
    const dialog = screen.getByRole('dialog', { name: 'Replace existing files?' });
    expect(dialog).toHaveTextContent('Already in this folder: server.properties.');
    await user.click(within(dialog).getByRole('button', { name: 'Skip those' }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    expect(FakeXhr.sent[0]!.url).toContain('name=extra.txt');
    act(() => FakeXhr.sent[0]!.respond(204));
    await waitFor(() => expect(item('extra.txt')).toHaveTextContent('Uploaded'));

    await pick(user, [file('server.properties', 300)]);
    await user.click(within(screen.getByRole('dialog', { name: 'Replace existing files?' })).getByRole('button', { name: 'Replace' }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    expect(FakeXhr.sent[1]!.url).toContain('name=server.properties');
    act(() => FakeXhr.sent[1]!.respond(204));
  });

  it('takes files dropped onto the folder', async () => {
    renderFiles();
    const contents = await screen.findByRole('region', { name: 'Folder contents' });
    await screen.findByRole('table', { name: 'Files in the root folder' });
    fireEvent.drop(contents, { dataTransfer: { files: [file('dropped.yml', 120)] } });
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    expect(FakeXhr.sent[0]!.url).toBe('/api/servers/srv-1/files/upload?path=&name=dropped.yml');
    act(() => FakeXhr.sent[0]!.respond(204));
    await waitFor(() => expect(item('dropped.yml')).toHaveTextContent('Uploaded · 120 B'));
  });
});
