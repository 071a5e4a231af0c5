import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKinds, manualClock, type TestContext } from '../../test/test-app';
import { customerWithServer } from '../region-moves/region-moves.fixtures';

/**
 * While a server moves, the file manager reads but does not change files: an edit made on the old
 * server after the move's backup would be lost when the new server takes over.
 */
describe.each(dbKinds)('the file manager during a region move, on %s', (kind) => {
  let t: TestContext;
  const clock = manualClock(new Date('2030-01-15T12:00:00Z'));
  beforeAll(async () => {
    t = await createTestApp(kind, { clock, env: { SIM_PANEL_INSTALL_SECONDS: '0' }, checkout: { moves: { enqueue: async () => {} } } });
  });
  afterAll(async () => t?.close());

  it('refuses every change with 409 server_moving and still lists and reads', async () => {
    const { user, serverId } = await customerWithServer(t, clock);
    const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers: Record<string, string> = {}) =>
      t.app.inject({ method, url: `/api/servers/${serverId}${url}`, payload, headers: { cookie: user.cookie, ...headers } });
    expect((await call('PUT', '/files/contents', { path: 'notes.txt', content: 'before' })).statusCode).toBe(204);
    expect((await call('POST', '/move', { location: 'eu-west' })).statusCode).toBe(202);

    const changes = [
      await call('PUT', '/files/contents', { path: 'notes.txt', content: 'lost?' }),
      await call('POST', '/files/rename', { path: 'notes.txt', name: 'other.txt' }),
      await call('POST', '/files/delete', { paths: ['notes.txt'] }),
      await call('POST', '/files/folders', { path: '', name: 'extra' }),
      await t.app.inject({
        method: 'POST',
        url: `/api/servers/${serverId}/files/upload?path=&name=up.txt`,
        payload: Buffer.from('hello'),
        headers: { cookie: user.cookie, 'content-type': 'application/octet-stream' },
      }),
    ];
    for (const res of changes) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().error).toEqual({ code: 'server_moving', message: 'This server is being moved to another location. Try again once the move is done.' });
    }
    expect((await call('GET', '/files?path=')).json().entries.map((e: { name: string }) => e.name)).toContain('notes.txt');
    expect((await call('GET', '/files/contents?path=notes.txt')).json().content).toBe('before');
  });
});
