import { request, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverPermissions, type ServerPermission } from '../../../shared/schemas/server-sharing';
import { activityMessages, provisionOnlineServer } from '../../jobs/provisioning.fixtures';
import { createSignedInUser, createTestApp, dbKinds, manualClock, readMailbox, tokenFromEmail, uniqueEmail, type TestContext } from '../../test/test-app';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Row = { method: Method; url: string; payload?: object; need: ServerPermission | 'view' | 'owner' | 'billing' };

/** Every route that acts on one server, with what it needs of a subuser. */
function routes(id: string, extra: { invoiceId: string; shareId: string }): Row[] {
  const zero = '00000000-0000-4000-8000-000000000000';
  return [
    { method: 'GET', url: `/api/servers/${id}/resources`, need: 'view' },
    { method: 'GET', url: `/api/servers/${id}/resources/history`, need: 'view' },
    { method: 'GET', url: `/api/servers/${id}/players`, need: 'view' },
    { method: 'POST', url: `/api/servers/${id}/power`, payload: { action: 'restart' }, need: 'power' },
    { method: 'POST', url: `/api/servers/${id}/command`, payload: { command: 'say hi' }, need: 'console' },
    { method: 'GET', url: `/api/servers/${id}/backups`, need: 'backups' },
    { method: 'POST', url: `/api/servers/${id}/backups`, payload: {}, need: 'backups' },
    { method: 'DELETE', url: `/api/servers/${id}/backups/${zero}`, need: 'backups' },
    { method: 'GET', url: `/api/servers/${id}/backups/${zero}/download`, need: 'backups' },
    { method: 'GET', url: `/api/servers/${id}/restart-schedule`, need: 'settings' },
    { method: 'PUT', url: `/api/servers/${id}/restart-schedule`, payload: { time: null }, need: 'settings' },
    { method: 'GET', url: `/api/servers/${id}/files?path=`, need: 'files' },
    { method: 'GET', url: `/api/servers/${id}/files/contents?path=eula.txt`, need: 'files' },
    { method: 'PUT', url: `/api/servers/${id}/files/contents`, payload: { path: 'notes.txt', content: 'hi' }, need: 'files' },
    { method: 'POST', url: `/api/servers/${id}/files/folders`, payload: { path: '', name: 'extra' }, need: 'files' },
    { method: 'POST', url: `/api/servers/${id}/files/rename`, payload: { path: 'missing.txt', name: 'other.txt' }, need: 'files' },
    { method: 'POST', url: `/api/servers/${id}/files/delete`, payload: { paths: ['missing.txt'] }, need: 'files' },
    { method: 'GET', url: `/api/servers/${id}/files/download?path=eula.txt`, need: 'files' },
    { method: 'GET', url: `/api/servers/${id}/sftp`, need: 'files' },
    { method: 'GET', url: `/api/servers/${id}/shares`, need: 'owner' },
    { method: 'POST', url: `/api/servers/${id}/shares`, payload: { email: 'third@example.test', permissions: ['console'] }, need: 'owner' },
    { method: 'PATCH', url: `/api/servers/${id}/shares/${extra.shareId}`, payload: { permissions: ['console'] }, need: 'owner' },
    { method: 'DELETE', url: `/api/servers/${id}/shares/${zero}`, need: 'owner' },
    // Billing stays the owner's: the server's own view (renewal date, order), cancelling, and invoices.
    { method: 'GET', url: `/api/servers/${id}`, need: 'billing' },
    { method: 'POST', url: `/api/services/${id}/cancel`, payload: {}, need: 'billing' },
    { method: 'DELETE', url: `/api/services/${id}/cancel`, need: 'billing' },
    { method: 'GET', url: `/api/invoices/${extra.invoiceId}`, need: 'billing' },
  ];
}

/** The console (server-sent events) over real HTTP: its status, then the stream is dropped. */
async function consoleStatus(t: TestContext, serverId: string, cookie: string): Promise<number> {
  const { port } = t.app.server.address() as AddressInfo;
  const res = await new Promise<IncomingMessage>((resolve, reject) => {
    request({ host: '127.0.0.1', port, path: `/api/servers/${serverId}/console`, headers: { cookie }, agent: false }, resolve)
      .on('error', reject)
      .end();
  });
  res.destroy();
  return res.statusCode ?? 0;
}

describe.each(dbKinds)('shared servers (subusers) on %s', (kind) => {
  let t: TestContext;
  const clock = manualClock();
  beforeAll(async () => {
    t = await createTestApp(kind, { clock, env: { SIM_PANEL_INSTALL_SECONDS: '0' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => t?.close());

  const online = (userId: string, name = 'Shared Valley') =>
    provisionOnlineServer({ db: t.database.db, clock, panel: t.app.panel, events: t.app.events }, userId, { name, createdAt: clock.now() });
  const call = (method: Method, url: string, cookie: string, payload?: object) => t.app.inject({ method, url, payload, headers: { cookie } });

  async function share(ownerCookie: string, serverId: string, email: string, permissions: ServerPermission[]) {
    const res = await call('POST', `/api/servers/${serverId}/shares`, ownerCookie, { email, permissions });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().share as { id: string; status: string };
  }

  async function acceptFromEmail(email: string, cookie: string) {
    const [mail] = await readMailbox(t, email);
    const token = tokenFromEmail(mail, '/dashboard/shared/accept');
    const res = await call('POST', '/api/shared-servers/accept', cookie, { token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { serverId: string };
  }

  it('invites by email, accepts from the link with the same address only, and lists it under Shared with you', async () => {
    const owner = await createSignedInUser(t);
    const friend = await createSignedInUser(t);
    const stranger = await createSignedInUser(t);
    const { serverId } = await online(owner.id, 'Friends Valley');
    const invited = await share(owner.cookie, serverId, friend.email.toUpperCase(), ['console', 'files']);
    expect(invited).toMatchObject({ status: 'pending' });

    const [mail] = await readMailbox(t, friend.email);
    expect(mail?.subject).toContain('Friends Valley');
    expect(mail?.text).toContain('console and files');
    const token = tokenFromEmail(mail, '/dashboard/shared/accept');

    // The link forwarded to another account does not work for it.
    const preview = await call('GET', `/api/shared-servers/invitations/${token}`, stranger.cookie);
    expect(preview.json()).toMatchObject({ state: 'wrong_account', serverName: 'Friends Valley', email: friend.email });
    const wrong = await call('POST', '/api/shared-servers/accept', stranger.cookie, { token });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error.code).toBe('wrong_account');

    const pending = await call('GET', '/api/shared-servers', friend.cookie);
    expect(pending.json()).toMatchObject({ servers: [], invitations: [{ serverName: 'Friends Valley', permissions: ['console', 'files'] }] });
    expect((await call('GET', `/api/shared-servers/invitations/${token}`, friend.cookie)).json()).toMatchObject({ state: 'valid' });
    expect((await call('POST', '/api/shared-servers/accept', friend.cookie, { token })).statusCode).toBe(200);
    // The link works once.
    expect((await call('POST', '/api/shared-servers/accept', friend.cookie, { token })).statusCode).toBe(404);

    const shared = (await call('GET', '/api/shared-servers', friend.cookie)).json();
    expect(shared.invitations).toEqual([]);
    expect(shared.servers).toEqual([expect.objectContaining({ id: serverId, name: 'Friends Valley', permissions: ['console', 'files'] })]);
    expect(shared.servers[0]).not.toHaveProperty('renewsAt');
    expect(shared.servers[0]).not.toHaveProperty('orderId');
    // Not among their own servers, which stay the ones they pay for.
    expect((await call('GET', '/api/servers', friend.cookie)).json().servers).toEqual([]);
    const list = (await call('GET', `/api/servers/${serverId}/shares`, owner.cookie)).json().shares;
    expect(list).toEqual([expect.objectContaining({ email: friend.email, status: 'active', permissions: ['console', 'files'] })]);

    // A second invitation to the same address is refused; the owner cannot invite themself.
    expect((await call('POST', `/api/servers/${serverId}/shares`, owner.cookie, { email: friend.email, permissions: ['power'] })).json().error.code).toBe('already_shared');
    expect((await call('POST', `/api/servers/${serverId}/shares`, owner.cookie, { email: owner.email, permissions: ['power'] })).statusCode).toBe(400);
    expect((await call('POST', `/api/servers/${serverId}/shares`, owner.cookie, { email: 'x@example.test', permissions: [] })).statusCode).toBe(400);
    expect((await call('POST', `/api/servers/${serverId}/shares`, owner.cookie, { email: 'x@example.test', permissions: ['billing'] })).statusCode).toBe(400);
  });

  it('checks every permission on every route, the console stream included, and keeps billing from subusers', async () => {
    const owner = await createSignedInUser(t);
    const { serverId } = await online(owner.id, 'Matrix Valley');
    const invoices = (await call('GET', '/api/invoices', owner.cookie)).json() as { invoiceId: string | null }[];
    const invoiceId = invoices.find((i) => i.invoiceId)?.invoiceId ?? '00000000-0000-4000-8000-000000000001';
    const stranger = await createSignedInUser(t);

    for (const granted of serverPermissions) {
      const friend = await createSignedInUser(t);
      const made = await share(owner.cookie, serverId, friend.email, [granted]);
      await acceptFromEmail(friend.email, friend.cookie);
      for (const row of routes(serverId, { invoiceId, shareId: made.id })) {
        const res = await call(row.method, row.url, friend.cookie, row.payload);
        const what = `${granted}: ${row.method} ${row.url} → ${res.statusCode} ${res.body.slice(0, 120)}`;
        if (row.need === 'billing') {
          expect(res.statusCode, what).toBe(404);
        } else if (row.need === 'owner') {
          expect(res.statusCode, what).toBe(403);
        } else if (row.need === 'view' || row.need === granted) {
          // Allowed: whatever the route answers (a missing backup is its own 404), never a refusal of the person.
          expect([401, 403].includes(res.statusCode), what).toBe(false);
          expect(res.body, what).not.toContain('Server not found');
        } else {
          expect(res.statusCode, what).toBe(403);
          expect(res.json().error.message, what).toMatch(/permission on this server/);
        }
      }
      expect(await consoleStatus(t, serverId, friend.cookie), `${granted}: console`).toBe(granted === 'console' ? 200 : 403);
      // Power may have restarted it: let the sim settle before the next person.
      clock.advance(10_000);
    }

    // Someone it is not shared with sees nothing at all.
    for (const row of routes(serverId, { invoiceId, shareId: '00000000-0000-4000-8000-000000000000' })) {
      const res = await call(row.method, row.url, stranger.cookie, row.payload);
      expect(res.statusCode, `stranger: ${row.method} ${row.url}`).toBe(404);
    }
    expect(await consoleStatus(t, serverId, stranger.cookie)).toBe(404);
    // The owner still reaches the billing routes (and their invoice) as before.
    expect((await call('GET', `/api/servers/${serverId}`, owner.cookie)).statusCode).toBe(200);
  });

  it('changes and revokes, and writes every grant, change and revoke to both activity logs', async () => {
    const owner = await createSignedInUser(t);
    const friend = await createSignedInUser(t);
    const { serverId } = await online(owner.id, 'Logged Valley');
    const made = await share(owner.cookie, serverId, friend.email, ['console']);
    await acceptFromEmail(friend.email, friend.cookie);
    expect((await call('POST', `/api/servers/${serverId}/power`, friend.cookie, { action: 'stop' })).statusCode).toBe(403);

    const changed = await call('PATCH', `/api/servers/${serverId}/shares/${made.id}`, owner.cookie, { permissions: ['power', 'console'] });
    expect(changed.json().share.permissions).toEqual(['console', 'power']);
    expect((await call('POST', `/api/servers/${serverId}/power`, friend.cookie, { action: 'stop' })).statusCode).toBe(202);

    expect((await call('DELETE', `/api/servers/${serverId}/shares/${made.id}`, owner.cookie)).statusCode).toBe(204);
    expect((await call('GET', `/api/servers/${serverId}/resources`, friend.cookie)).statusCode).toBe(404);
    expect((await call('GET', '/api/shared-servers', friend.cookie)).json().servers).toEqual([]);

    const ownerLog = await activityMessages(t.database.db, owner.id);
    const friendLog = await activityMessages(t.database.db, friend.id);
    expect(ownerLog).toEqual(
      expect.arrayContaining([
        `Invited ${friend.email} to Logged Valley (console)`,
        `${friend.email} accepted access to Logged Valley (console)`,
        `Changed ${friend.email}'s access to Logged Valley (now console and power)`,
        `Removed ${friend.email}'s access to Logged Valley`,
      ]),
    );
    expect(friendLog).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/invited you to Logged Valley \(console\)$/),
        'You now have access to Logged Valley (console)',
        'Your access to Logged Valley changed (now console and power)',
        'Your access to Logged Valley was removed by its owner',
      ]),
    );
  });

  it('accepts from My Services without the link, refuses an expired invitation, and lets a subuser leave', async () => {
    const owner = await createSignedInUser(t);
    const friend = await createSignedInUser(t, { email: uniqueEmail('later') });
    const { serverId } = await online(owner.id, 'Later Valley');
    await share(owner.cookie, serverId, friend.email, ['backups']);
    const { invitations } = (await call('GET', '/api/shared-servers', friend.cookie)).json();
    const other = await createSignedInUser(t);
    expect((await call('POST', `/api/shared-servers/invitations/${invitations[0].id}/accept`, other.cookie)).statusCode).toBe(404);
    expect((await call('POST', `/api/shared-servers/invitations/${invitations[0].id}/accept`, friend.cookie)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/servers/${serverId}/membership`, friend.cookie)).statusCode).toBe(204);
    expect((await call('GET', `/api/servers/${serverId}/backups`, friend.cookie)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/servers/${serverId}/membership`, owner.cookie)).statusCode).toBe(400);

    const late = await createSignedInUser(t);
    await share(owner.cookie, serverId, late.email, ['console']);
    clock.advance(8 * 24 * 60 * 60_000);
    const [mail] = await readMailbox(t, late.email);
    const token = tokenFromEmail(mail, '/dashboard/shared/accept');
    const lateCookie = await import('../../test/test-app').then((m) => m.signIn(t, late));
    expect((await call('GET', `/api/shared-servers/invitations/${token}`, lateCookie)).json().state).toBe('expired');
    const res = await call('POST', '/api/shared-servers/accept', lateCookie, { token });
    expect(res.statusCode).toBe(410);
    expect(res.json().error.code).toBe('invite_expired');
  });
});
