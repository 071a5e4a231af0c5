import { request, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerPermission } from '../../../shared/schemas/server-sharing';
import { provisionOnlineServer } from '../../jobs/provisioning.fixtures';
import { createSignedInUser, createTestApp, dbKinds, manualClock, readMailbox, tokenFromEmail, type TestContext } from '../../test/test-app';

/** The console stream over real HTTP, its raw text and whether it ended. */
async function openConsole(t: TestContext, serverId: string, cookie: string) {
  const { port } = t.app.server.address() as AddressInfo;
  const res = await new Promise<IncomingMessage>((resolve, reject) => {
    request({ host: '127.0.0.1', port, path: `/api/servers/${serverId}/console`, headers: { cookie }, agent: false }, resolve)
      .on('error', reject)
      .end();
  });
  res.setEncoding('utf8');
  const state = { raw: '', ended: false };
  res.on('data', (chunk: string) => (state.raw += chunk));
  res.on('end', () => (state.ended = true));
  res.on('error', () => (state.ended = true));
  return { res, state, close: () => res.destroy() };
}

/**
 * A console already open is not a way around a revoked permission: it ends as soon as the owner
 * removes the person or takes the console permission away (the heartbeat checks again too, should
 * the notice be missed).
 */
describe.each(dbKinds)('an open console follows the access of who opened it, on %s', (kind) => {
  let t: TestContext;
  const clock = manualClock();
  beforeAll(async () => {
    // A long heartbeat: the stream must end on the owner's change itself, not on a later check.
    t = await createTestApp(kind, { clock, env: { SIM_PANEL_INSTALL_SECONDS: '0' }, jobs: { liveEvents: { heartbeatMs: 60_000 } } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => t?.close());

  const call = (method: 'POST' | 'PATCH' | 'DELETE', url: string, cookie: string, payload?: object) => t.app.inject({ method, url, payload, headers: { cookie } });

  async function sharedConsole(permissions: ServerPermission[]) {
    const owner = await createSignedInUser(t);
    const friend = await createSignedInUser(t);
    const { serverId } = await provisionOnlineServer({ db: t.database.db, clock, panel: t.app.panel, events: t.app.events }, owner.id, { createdAt: clock.now() });
    const invited = await call('POST', `/api/servers/${serverId}/shares`, owner.cookie, { email: friend.email, permissions });
    expect(invited.statusCode, invited.body).toBe(201);
    const token = tokenFromEmail((await readMailbox(t, friend.email))[0], '/dashboard/shared/accept');
    expect((await call('POST', '/api/shared-servers/accept', friend.cookie, { token })).statusCode).toBe(200);
    const stream = await openConsole(t, serverId, friend.cookie);
    expect(stream.res.statusCode).toBe(200);
    await expect.poll(() => stream.state.raw).toContain(': console');
    return { owner, friend, serverId, shareId: invited.json().share.id as string, stream };
  }

  it('ends when the owner removes the person', async () => {
    const { owner, serverId, shareId, stream } = await sharedConsole(['console', 'files']);
    expect((await call('DELETE', `/api/servers/${serverId}/shares/${shareId}`, owner.cookie)).statusCode).toBe(204);
    await expect.poll(() => stream.state.ended).toBe(true);
    expect(stream.state.raw).toContain(`event: end\ndata: ${JSON.stringify({ reason: 'Your access to this console was removed.' })}`);
  });

  it('ends when the console permission is taken away, and stays open when another one changes', async () => {
    const { owner, friend, serverId, shareId, stream } = await sharedConsole(['console', 'files']);
    expect((await call('PATCH', `/api/servers/${serverId}/shares/${shareId}`, owner.cookie, { permissions: ['console'] })).statusCode).toBe(200);
    // Still allowed: a command sent after that change is echoed on the same stream.
    expect((await call('POST', `/api/servers/${serverId}/command`, friend.cookie, { command: 'say still here' })).statusCode).toBe(204);
    await expect.poll(() => stream.state.raw).toContain('still here');
    expect(stream.state.ended).toBe(false);
    expect((await call('PATCH', `/api/servers/${serverId}/shares/${shareId}`, owner.cookie, { permissions: ['files'] })).statusCode).toBe(200);
    await expect.poll(() => stream.state.ended).toBe(true);
    expect(stream.state.raw).toContain('Your access to this console was removed.');
  });
});
