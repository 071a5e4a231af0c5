import { request, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { provisionOnlineServer } from '../../jobs/provisioning.fixtures';
import {
  createSignedInUser,
  createTestApp,
  dbKinds,
  manualClock,
  readMailbox,
  signIn,
  tokenFromEmail,
  type TestContext,
  type TestUser,
} from '../../test/test-app';

const signedOut = `event: end\ndata: ${JSON.stringify({ reason: 'You were signed out. Sign in again to open the console.' })}`;

/**
 * An open console is read with the session it was opened with, which is resolved once: it must
 * end when that session does (signed out everywhere, a password reset, the account suspended),
 * within one heartbeat (at most 30 s; 100 ms here), as it does for a removed subuser.
 */
describe.each(dbKinds)('an open console ends with its session, on %s', (kind) => {
  let t: TestContext;
  let staff: TestUser & { cookie: string };
  const clock = manualClock(new Date());
  beforeAll(async () => {
    t = await createTestApp(kind, { clock, env: { SIM_PANEL_INSTALL_SECONDS: '0' }, jobs: { liveEvents: { heartbeatMs: 100 } } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    staff = await createSignedInUser(t, { role: 'support' });
  });
  afterAll(async () => t?.close());

  const post = (url: string, payload: object, cookie?: string) => t.app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {} });

  async function openConsole(serverId: string, cookie: string) {
    const { port } = t.app.server.address() as AddressInfo;
    const res = await new Promise<IncomingMessage>((resolve, reject) => {
      request({ host: '127.0.0.1', port, path: `/api/servers/${serverId}/console`, headers: { cookie }, agent: false }, resolve)
        .on('error', reject)
        .end();
    });
    expect(res.statusCode).toBe(200);
    res.setEncoding('utf8');
    const state = { raw: '', ended: false };
    res.on('data', (chunk: string) => (state.raw += chunk));
    res.on('end', () => (state.ended = true));
    res.on('error', () => (state.ended = true));
    await expect.poll(() => state.raw).toContain(': console');
    return { state, close: () => res.destroy() };
  }

  async function ownerWithConsole() {
    const owner = await createSignedInUser(t);
    const { serverId } = await provisionOnlineServer({ db: t.database.db, clock, panel: t.app.panel, events: t.app.events }, owner.id, { createdAt: clock.now() });
    return { owner, serverId, stream: await openConsole(serverId, owner.cookie) };
  }

  /** Several heartbeats pass with the stream still open. */
  async function staysOpen(stream: { state: { raw: string; ended: boolean } }) {
    const beats = stream.state.raw.split(': heartbeat').length;
    await expect.poll(() => stream.state.raw.split(': heartbeat').length).toBeGreaterThan(beats + 2);
    expect(stream.state.ended).toBe(false);
  }

  it('ends when the person signs out everywhere from another device, not when another session signs out alone', async () => {
    const { owner, stream } = await ownerWithConsole();
    const elsewhere = await signIn(t, owner);
    expect((await post('/api/auth/logout', { scope: 'local' }, await signIn(t, owner))).statusCode).toBe(200);
    await staysOpen(stream);

    expect((await post('/api/auth/logout', { scope: 'global' }, elsewhere)).statusCode).toBe(200);
    await expect.poll(() => stream.state.ended).toBe(true);
    expect(stream.state.raw).toContain(signedOut);
  });

  it('ends when the password is reset', async () => {
    const { owner, stream } = await ownerWithConsole();
    expect((await post('/api/auth/password-reset', { email: owner.email })).statusCode).toBe(200);
    const token = tokenFromEmail((await readMailbox(t, owner.email))[0], '/auth/reset-password');
    await staysOpen(stream);
    expect((await post('/api/auth/password-reset/confirm', { token, password: 'a brand new password' })).statusCode).toBe(200);
    await expect.poll(() => stream.state.ended).toBe(true);
    expect(stream.state.raw).toContain(signedOut);
  });

  it("ends when staff suspend the account of a person the server is shared with (the owner's server carries on)", async () => {
    const owner = await createSignedInUser(t);
    const friend = await createSignedInUser(t);
    const { serverId } = await provisionOnlineServer({ db: t.database.db, clock, panel: t.app.panel, events: t.app.events }, owner.id, { createdAt: clock.now() });
    const invited = await post(`/api/servers/${serverId}/shares`, { email: friend.email, permissions: ['console'] }, owner.cookie);
    expect(invited.statusCode, invited.body).toBe(201);
    const token = tokenFromEmail((await readMailbox(t, friend.email))[0], '/dashboard/shared/accept');
    expect((await post('/api/shared-servers/accept', { token }, friend.cookie)).statusCode).toBe(200);
    const friendConsole = await openConsole(serverId, friend.cookie);
    const ownerConsole = await openConsole(serverId, owner.cookie);

    const suspended = await post(`/api/admin/customers/${friend.id}/suspend`, { reason: 'Chargeback' }, staff.cookie);
    expect(suspended.statusCode, suspended.body).toBe(200);
    await expect.poll(() => friendConsole.state.ended).toBe(true);
    expect(friendConsole.state.raw).toContain(signedOut);
    await staysOpen(ownerConsole);
    ownerConsole.close();
  });

  it("ends when staff suspend the owner's account", async () => {
    const { owner, stream } = await ownerWithConsole();
    const suspended = await post(`/api/admin/customers/${owner.id}/suspend`, { reason: 'Chargeback' }, staff.cookie);
    expect(suspended.statusCode, suspended.body).toBe(200);
    await expect.poll(() => stream.state.ended).toBe(true);
    expect(stream.state.raw).toContain(signedOut);
  });
});
