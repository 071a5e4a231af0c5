import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityMessages, provisionOnlineServer } from '../../jobs/provisioning.fixtures';
import { createSignedInUser, createTestApp, dbKinds, manualClock, readMailbox, tokenFromEmail, type TestContext } from '../../test/test-app';

/** Accepting an invitation: only its addressee learns anything about it, and it is accepted once. */
describe.each(dbKinds)('accepting a server invitation on %s', (kind) => {
  let t: TestContext;
  const clock = manualClock();
  beforeAll(async () => {
    t = await createTestApp(kind, { clock, env: { SIM_PANEL_INSTALL_SECONDS: '0' } });
  });
  afterAll(async () => t?.close());

  const call = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) => t.app.inject({ method, url, payload, headers: { cookie } });

  async function invited() {
    const owner = await createSignedInUser(t);
    const friend = await createSignedInUser(t);
    const { serverId } = await provisionOnlineServer({ db: t.database.db, clock, panel: t.app.panel, events: t.app.events }, owner.id, { name: 'Quiet Valley', createdAt: clock.now() });
    const res = await call('POST', `/api/servers/${serverId}/shares`, owner.cookie, { email: friend.email, permissions: ['console'] });
    expect(res.statusCode, res.body).toBe(201);
    return { owner, friend, serverId, shareId: res.json().share.id as string };
  }

  it("answers 404 to anyone but the addressee accepting by id, without the addressee's email", async () => {
    const { friend, shareId } = await invited();
    const stranger = await createSignedInUser(t);
    const res = await call('POST', `/api/shared-servers/invitations/${shareId}/accept`, stranger.cookie);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
    expect(res.body).not.toContain(friend.email);
    // The addressee still can.
    expect((await call('POST', `/api/shared-servers/invitations/${shareId}/accept`, friend.cookie)).statusCode).toBe(200);
  });

  it('accepts once when the link is opened twice at the same moment', async () => {
    const { owner, friend, serverId } = await invited();
    const token = tokenFromEmail((await readMailbox(t, friend.email))[0], '/dashboard/shared/accept');
    const answers = await Promise.all([0, 1, 2].map(() => call('POST', '/api/shared-servers/accept', friend.cookie, { token })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 404, 404]);
    expect((await activityMessages(t.database.db, owner.id)).filter((m) => m.startsWith(`${friend.email} accepted`))).toHaveLength(1);
    expect((await call('GET', '/api/shared-servers', friend.cookie)).json().servers.map((s: { id: string }) => s.id)).toEqual([serverId]);
  });
});
