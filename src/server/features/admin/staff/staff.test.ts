import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSignedInUser,
  createTestApp,
  createUser,
  dbKinds,
  markTwoFactorOn,
  readMailbox,
  signIn,
  tokenFromEmail,
  uniqueEmail,
  type TestContext,
} from '../../../test/test-app';

const password = 'a brand new staff password';

describe.each(dbKinds)('staff management on %s', (kind) => {
  let t: TestContext;
  let admin: Awaited<ReturnType<typeof createSignedInUser>>;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await createSignedInUser(t, { role: 'admin' });
  });
  afterAll(async () => t?.close());

  const asAdmin = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: { cookie: admin.cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });

  async function invite(email: string, role = 'support') {
    const res = await asAdmin('POST', '/api/admin/staff/invitations', { email, role });
    expect(res.statusCode, res.body).toBe(201);
    const [mail] = await readMailbox(t, email);
    return { res, token: tokenFromEmail(mail, '/auth/accept-invite'), mail: mail! };
  }

  async function auditActions(targetLabel: string) {
    const rows = await t.database.query<{ action: string; actor_email: string; reason: string | null }>(
      'select action, actor_email, reason from audit_log where target_label = $1 order by seq',
      [targetLabel],
    );
    return rows;
  }

  it('invites by email; the invitee sets a password, joins with the role and can sign in', async () => {
    const email = uniqueEmail('agent');
    const { res, token, mail } = await invite(email.toUpperCase(), 'support');
    expect(res.json()).toMatchObject({ emailSent: true, invitation: { email, role: 'support', expired: false, invitedByEmail: admin.email } });
    expect(mail.subject).toContain('invited');
    expect(mail.text).toContain('Support role');

    const list = (await asAdmin('GET', '/api/admin/staff')).json();
    expect(list.invitations.map((i: { email: string }) => i.email)).toContain(email);
    expect(list.staff.map((s: { email: string }) => s.email)).toContain(admin.email);

    const stored = await t.database.query<{ token_hash: string; expires_at: Date; created_at: Date }>(
      'select token_hash, expires_at, created_at from staff_invitations where email = $1',
      [email],
    );
    expect(stored[0]!.token_hash).not.toContain(token);
    expect(new Date(stored[0]!.expires_at).getTime() - new Date(stored[0]!.created_at).getTime()).toBe(7 * 24 * 60 * 60_000);

    const preview = await t.app.inject({ method: 'GET', url: `/api/auth/invitations/${encodeURIComponent(token)}` });
    expect(preview.json()).toMatchObject({ email, role: 'support', state: 'valid', hasAccount: false });

    const accept = await t.app.inject({
      method: 'POST',
      url: '/api/auth/invitations/accept',
      payload: { token, password, firstName: 'Ada', lastName: 'Agent' },
    });
    expect(accept.statusCode, accept.body).toBe(200);
    expect(accept.json()).toEqual({ email, role: 'support' });

    const cookie = await signIn(t, { email, password });
    const session = (await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } })).json();
    expect(session.user).toMatchObject({ email, role: 'support', firstName: 'Ada', twoFactorEnabled: false });
    // Staff without two-factor are sent to set it up before the console opens.
    const home = await t.app.inject({ method: 'GET', url: '/api/admin/home', headers: { cookie } });
    expect(home.json().error.code).toBe('two_factor_required');

    const after = (await asAdmin('GET', '/api/admin/staff')).json();
    expect(after.invitations.map((i: { email: string }) => i.email)).not.toContain(email);
    expect(after.staff.find((s: { email: string }) => s.email === email)).toMatchObject({ role: 'support', name: 'Ada Agent', twoFactorEnabled: false });
    expect(after.staff.find((s: { email: string }) => s.email === email).lastSignInAt).not.toBeNull();

    const records = await auditActions(email);
    expect(records.map((r) => r.action)).toEqual(['staff.invited', 'staff.joined']);
    expect(records[0]!.actor_email).toBe(admin.email);
    expect(records[1]!.actor_email).toBe(email);
  });

  it('refuses a used, an expired, a revoked and an unknown link', async () => {
    const used = uniqueEmail('used');
    const first = await invite(used);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/invitations/accept', payload: { token: first.token, password } })).statusCode).toBe(200);
    const again = await t.app.inject({ method: 'POST', url: '/api/auth/invitations/accept', payload: { token: first.token, password } });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toMatchObject({ code: 'invalid_token', message: expect.stringContaining('already been used') });
    expect((await t.app.inject({ method: 'GET', url: `/api/auth/invitations/${first.token}` })).json().state).toBe('used');

    const late = uniqueEmail('late');
    const expired = await invite(late);
    await t.database.query("update staff_invitations set expires_at = now() - interval '1 minute' where email = $1", [late]);
    expect((await t.app.inject({ method: 'GET', url: `/api/auth/invitations/${expired.token}` })).json().state).toBe('expired');
    const tooLate = await t.app.inject({ method: 'POST', url: '/api/auth/invitations/accept', payload: { token: expired.token, password } });
    expect(tooLate.statusCode).toBe(400);
    expect(tooLate.json().error.message).toContain('expired');
    expect(await t.database.query('select 1 from users where email = $1', [late])).toHaveLength(0);
    expect((await auditActions(late)).map((r) => r.action)).toEqual(['staff.invited']);

    const withdrawn = uniqueEmail('withdrawn');
    const revoked = await invite(withdrawn);
    const id = revoked.res.json().invitation.id;
    expect((await asAdmin('DELETE', `/api/admin/staff/invitations/${id}`)).statusCode).toBe(200);
    expect((await asAdmin('DELETE', `/api/admin/staff/invitations/${id}`)).statusCode).toBe(404);
    const refused = await t.app.inject({ method: 'POST', url: '/api/auth/invitations/accept', payload: { token: revoked.token, password } });
    expect(refused.json().error.message).toContain('withdrawn');
    expect((await auditActions(withdrawn)).map((r) => r.action)).toEqual(['staff.invited', 'staff.invitation_revoked']);

    expect((await t.app.inject({ method: 'GET', url: '/api/auth/invitations/not-a-real-token' })).statusCode).toBe(404);
    const short = await t.app.inject({ method: 'POST', url: '/api/auth/invitations/accept', payload: { token: first.token, password: 'short' } });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields.password).toBeTruthy();
  });

  it('resends with a new link that replaces the old one', async () => {
    const email = uniqueEmail('resend');
    const { res, token: oldToken } = await invite(email, 'billing');
    const resent = await asAdmin('POST', `/api/admin/staff/invitations/${res.json().invitation.id}/resend`);
    expect(resent.statusCode, resent.body).toBe(200);
    const mails = await readMailbox(t, email);
    expect(mails).toHaveLength(2);
    const newToken = tokenFromEmail(mails[0], '/auth/accept-invite');
    expect(newToken).not.toBe(oldToken);
    expect((await t.app.inject({ method: 'GET', url: `/api/auth/invitations/${oldToken}` })).statusCode).toBe(404);
    const ok = await t.app.inject({ method: 'POST', url: '/api/auth/invitations/accept', payload: { token: newToken, password } });
    expect(ok.json()).toEqual({ email, role: 'billing' });
    expect((await auditActions(email)).map((r) => r.action)).toEqual(['staff.invited', 'staff.invitation_resent', 'staff.joined']);
  });

  it('refuses to invite someone already on the staff, or invited twice, and checks the input', async () => {
    const support = await createUser(t, { role: 'support' });
    const res = await asAdmin('POST', '/api/admin/staff/invitations', { email: support.email, role: 'billing' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toContain('already on the staff');

    const email = uniqueEmail('twice');
    await invite(email);
    const second = await asAdmin('POST', '/api/admin/staff/invitations', { email, role: 'admin' });
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toContain('already has an invitation waiting');

    const bad = await asAdmin('POST', '/api/admin/staff/invitations', { email: 'nope', role: 'customer' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields ?? {})).toEqual(expect.arrayContaining(['email', 'role']));
    expect((await auditActions(support.email)).length).toBe(0);
  });

  it('lets an existing customer accept: new password, the role, their old sessions signed out', async () => {
    const customer = await createSignedInUser(t, { role: 'customer' });
    const { token } = await invite(customer.email, 'billing');
    expect((await t.app.inject({ method: 'GET', url: `/api/auth/invitations/${token}` })).json().hasAccount).toBe(true);
    const accept = await t.app.inject({ method: 'POST', url: '/api/auth/invitations/accept', payload: { token, password } });
    expect(accept.statusCode, accept.body).toBe(200);
    const old = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie: customer.cookie } });
    expect(old.json().user).toBeNull();
    await expect(signIn(t, customer)).rejects.toThrow();
    const cookie = await signIn(t, { email: customer.email, password });
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } })).json().user.role).toBe('billing');
  });

  it('treats accepting on a never-verified account as its first verification: two-factor set before it is cleared', async () => {
    const squatter = await createUser(t, { verified: false, password: 'the squatter password' });
    await t.database.query("update users set totp_secret = 'JBSWY3DPEHPK3PXP', totp_enabled_at = now() where id = $1", [squatter.id]);
    const { token } = await invite(squatter.email, 'support');
    const accept = await t.app.inject({ method: 'POST', url: '/api/auth/invitations/accept', payload: { token, password } });
    expect(accept.statusCode, accept.body).toBe(200);
    const [row] = await t.database.query<{ totp_enabled_at: unknown; totp_secret: unknown; email_verified_at: unknown }>(
      'select totp_enabled_at, totp_secret, email_verified_at from users where id = $1',
      [squatter.id],
    );
    expect(row).toMatchObject({ totp_enabled_at: null, totp_secret: null });
    expect(row?.email_verified_at).not.toBeNull();
    // No code asked: the two-factor set up before the address was proved is gone.
    expect(await signIn(t, { email: squatter.email, password })).toMatch(/^sp_session=/);
  });

  it('changes a role with a reason, and audits it', async () => {
    const member = await createSignedInUser(t, { role: 'support' });
    const noReason = await asAdmin('PATCH', `/api/admin/staff/${member.id}`, { role: 'billing' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.fields.reason).toBeTruthy();
    const res = await asAdmin('PATCH', `/api/admin/staff/${member.id}`, { role: 'billing', reason: 'Moving to the billing team' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: member.id, role: 'billing' });
    const same = await asAdmin('PATCH', `/api/admin/staff/${member.id}`, { role: 'billing', reason: 'Again, by mistake' });
    expect(same.statusCode).toBe(409);
    const [record] = await t.database.query<{ before: unknown; after: unknown; reason: string; actor_role: string }>(
      "select before, after, reason, actor_role from audit_log where target_id = $1 and action = 'staff.role_changed'",
      [member.id],
    );
    expect(record).toMatchObject({ before: { role: 'support' }, after: { role: 'billing' }, reason: 'Moving to the billing team', actor_role: 'admin' });

    const customer = await createUser(t);
    expect((await asAdmin('PATCH', `/api/admin/staff/${customer.id}`, { role: 'admin', reason: 'Promote a customer' })).statusCode).toBe(404);
  });

  it('removes staff access: the account becomes a customer and is signed out everywhere', async () => {
    const member = await createSignedInUser(t, { role: 'billing' });
    const before = await t.app.inject({ method: 'GET', url: '/api/admin/home', headers: { cookie: member.cookie } });
    expect(before.statusCode).toBe(200);
    const noBody = await asAdmin('DELETE', `/api/admin/staff/${member.id}`);
    expect(noBody.statusCode).toBe(400);
    const res = await asAdmin('DELETE', `/api/admin/staff/${member.id}`, { reason: 'Left the company' });
    expect(res.statusCode, res.body).toBe(200);
    const session = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie: member.cookie } });
    expect(session.json().user).toBeNull();
    const [row] = await t.database.query<{ role: string }>('select role from users where id = $1', [member.id]);
    expect(row!.role).toBe('customer');
    const list = (await asAdmin('GET', '/api/admin/staff')).json();
    expect(list.staff.map((s: { id: string }) => s.id)).not.toContain(member.id);
    await t.database.query('update users set totp_enabled_at = null where id = $1', [member.id]);
    const cookie = await signIn(t, member);
    const home = await t.app.inject({ method: 'GET', url: '/api/admin/home', headers: { cookie } });
    expect(home.json().error.code).toBe('forbidden');
    expect((await auditActions(member.email)).map((r) => [r.action, r.reason])).toEqual([['staff.removed', 'Left the company']]);
  });
});

describe.each(dbKinds)('the last admin on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t?.close());

  const call = (cookie: string, method: 'PATCH' | 'DELETE', id: string, payload: object) =>
    t.app.inject({ method, url: `/api/admin/staff/${id}`, headers: { cookie }, payload });

  const admins = async () =>
    (await t.database.query<{ id: string }>("select id from users where role = 'admin'")).map((r) => r.id);

  it('cannot be demoted or removed, and two racing demotions cannot both pass', async () => {
    const a = await createSignedInUser(t, { role: 'admin' });
    const demoteSelf = await call(a.cookie, 'PATCH', a.id, { role: 'support', reason: 'Stepping back' });
    expect(demoteSelf.statusCode).toBe(409);
    expect(demoteSelf.json().error.message).toContain('last admin');
    expect((await call(a.cookie, 'DELETE', a.id, { reason: 'Leaving' })).statusCode).toBe(409);
    expect(await admins()).toEqual([a.id]);

    const b = await createSignedInUser(t, { role: 'admin' });
    for (let round = 0; round < 6; round += 1) {
      // Each demotes the other at the same moment: only one may pass.
      const results = await Promise.all([
        call(a.cookie, 'PATCH', b.id, { role: 'support', reason: 'Race one' }),
        call(b.cookie, round % 2 ? 'DELETE' : 'PATCH', a.id, { role: 'billing', reason: 'Race two' }),
      ]);
      const codes = results.map((r) => r.statusCode).sort();
      // The loser is refused as the last admin (409), or, when the winner committed before its request
      // was even read, as someone who is no longer an admin (403), or as signed out (401): a role change
      // ends the demoted account's sessions. Never both through.
      expect(codes[0], results.map((r) => r.body).join(' | ')).toBe(200);
      expect([401, 403, 409]).toContain(codes[1]);
      const left = await admins();
      expect(left).toHaveLength(1);
      // Both admins again, signed in afresh (a removal signed one out), for the next round.
      await t.database.query("update users set role = 'admin', totp_enabled_at = null where id = any($1::uuid[])", [[a.id, b.id]]);
      a.cookie = await signIn(t, a);
      b.cookie = await signIn(t, b);
      await markTwoFactorOn(t, a.id);
      await markTwoFactorOn(t, b.id);
    }
    const refusedRecords = await t.database.query("select 1 from audit_log where reason in ('Stepping back', 'Leaving')");
    expect(refusedRecords).toHaveLength(0);
    const passed = await t.database.query("select 1 from audit_log where reason in ('Race one', 'Race two')");
    expect(passed).toHaveLength(6);
  });
});
