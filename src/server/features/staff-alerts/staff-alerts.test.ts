import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, outboxEmails, users } from '../../db/schema';
import type { MailMessage } from '../../integrations/mail/mailer';
import { waitFor } from '../../jobs/provisioning.fixtures';
import { randomIds, systemClock } from '../../lib/runtime';
import { createSecretBox } from '../../lib/secret-box';
import type { StaffAlert } from '../../lib/staff-alert';
import { startFakeDiscord } from '../../test/fakes/discord/discord-webhooks';
import { createSignedInUser, createTestApp, createUser, dbKinds, type TestContext } from '../../test/test-app';
import { emailStaff, postAlertWebhook, saveAlertSettings, type StaffAlertDeps } from './index';

const quiet = { info: () => {}, warn: () => {}, error: () => {}, debug: () => {} };
const DISCORD = 'https://discord.com/api/webhooks/112233/tok-secret-abcd';

describe.each(dbKinds)('staff alerts on %s', (kind) => {
  let t: TestContext;
  let discord: Awaited<ReturnType<typeof startFakeDiscord>>;
  const staff = {} as Record<'admin' | 'support' | 'billing', { email: string; cookie: string }>;
  let unverified: string;
  let suspended: string;
  let customer: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { env: { PUBLIC_URL: 'https://spawnpoint.test' } });
    discord = await startFakeDiscord({ webhooks: [{ id: '112233', token: 'tok-secret-abcd' }] });
    for (const role of ['admin', 'support', 'billing'] as const) staff[role] = await createSignedInUser(t, { role });
    unverified = (await createUser(t, { role: 'billing', verified: false })).email;
    suspended = (await createUser(t, { role: 'admin' })).email;
    await t.database.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.email, suspended));
    customer = (await createUser(t)).email;
  });
  afterAll(async () => {
    await discord?.close();
    await t?.close();
  });

  const send = (method: 'GET' | 'PUT', role: keyof typeof staff, payload?: unknown) =>
    t.app.inject({ method, url: '/api/admin/settings/alerts', payload: payload as object, headers: { cookie: staff[role].cookie } });

  function deps(sent: MailMessage[]): StaffAlertDeps {
    return {
      db: t.database.db,
      clock: systemClock,
      ids: randomIds,
      mailer: { send: async (m) => void sent.push(m) },
      brand: 'Spawnpoint',
      publicUrl: 'https://spawnpoint.test',
      box: createSecretBox({ secret: 'an-app-secret-of-at-least-thirty-two-characters', purpose: 'stored-secrets' }),
      log: quiet,
      fetchImpl: discord.fetch,
    };
  }
  const actor = () => ({ id: randomIds.uuid(), email: staff.admin.email, role: 'admin', ip: null });

  it('lets an admin set a Discord webhook, shows it with its key hidden, audits it without the key, and checks the address', async () => {
    expect((await send('GET', 'admin')).json()).toMatchObject({
      webhookUrl: null,
      recipients: [
        { kind: 'provisioning_failed', roles: ['Support', 'Billing', 'Admin'] },
        { kind: 'renewal_failed', roles: ['Billing', 'Admin'] },
        { kind: 'webhook_rejected', roles: ['Admin'] },
        { kind: 'server_needs_staff', roles: ['Billing', 'Admin'] },
        { kind: 'payment_refused', roles: ['Admin'] },
      ],
    });
    expect((await send('PUT', 'billing', { webhookUrl: DISCORD })).statusCode).toBe(403);
    for (const bad of ['http://example.com/hook', 'https://discord.com/channels/1/2', 'not an address', 'https://user:pw@example.com/hook']) {
      const refused = await send('PUT', 'admin', { webhookUrl: bad });
      expect(refused.statusCode, bad).toBe(400);
    }
    const saved = await send('PUT', 'admin', { webhookUrl: DISCORD });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ webhookUrl: 'https://discord.com/api/webhooks/112233/…abcd', discord: true });
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'settings.alerts_updated'));
    expect(audits).toHaveLength(1);
    expect(JSON.stringify(audits)).not.toContain('tok-secret');
    expect((await send('PUT', 'admin', { webhookUrl: '' })).json()).toMatchObject({ webhookUrl: null, discord: false });
  });

  it('emails only the verified, active staff who can act, and posts Discord its content shape', async () => {
    const sent: MailMessage[] = [];
    const d = deps(sent);
    await saveAlertSettings(d, actor(), { webhookUrl: DISCORD });
    const alert = (kind: StaffAlert['kind']): StaffAlert => ({
      kind,
      subject: `Set-up failed: Phoenix (${customer})`,
      lines: ['The server Phoenix could not be set up after 17 attempts.', 'The panel said: @everyone 503'],
      link: '/admin/servers/5e0f2f4c-7d7b-4f2a-9a57-1d1e1f1a1b1c',
    });
    const ours = new Set([staff.admin.email, staff.support.email, staff.billing.email, unverified, suspended, customer]);
    const to = async (kind: StaffAlert['kind']) => {
      sent.length = 0;
      await emailStaff(d, alert(kind));
      return sent.map((m) => m.to).filter((e) => ours.has(e)).sort();
    };
    expect(await to('provisioning_failed')).toEqual([staff.admin.email, staff.support.email, staff.billing.email].sort());
    expect(await to('renewal_failed')).toEqual([staff.admin.email, staff.billing.email].sort());
    expect(await to('webhook_rejected')).toEqual([staff.admin.email]);
    expect(sent[0]?.subject).toBe(`[Spawnpoint staff] Set-up failed: Phoenix (${customer})`);
    expect(sent[0]?.text).toContain('https://spawnpoint.test/admin/servers/5e0f2f4c-7d7b-4f2a-9a57-1d1e1f1a1b1c');

    expect(await postAlertWebhook(d, alert('provisioning_failed'))).toBe(true);
    const posted = discord.messages.at(-1);
    expect(posted?.content).toBe(
      `**[Spawnpoint] Set-up failed: Phoenix (${customer})**\nThe server Phoenix could not be set up after 17 attempts.\nThe panel said: @everyone 503\nhttps://spawnpoint.test/admin/servers/5e0f2f4c-7d7b-4f2a-9a57-1d1e1f1a1b1c`,
    );
    expect(posted?.allowedMentions).toEqual({ parse: [] });
    // Discord takes 2000 characters at most: a long alert is cut, its link kept.
    await postAlertWebhook(d, { ...alert('renewal_failed'), lines: ['x'.repeat(5000)] });
    expect(discord.messages.at(-1)?.content.length).toBeLessThanOrEqual(2000);
    expect(discord.messages.at(-1)?.content.endsWith('1d1e1f1a1b1c')).toBe(true);
    // Refused (rate limited): it throws, so the job tries again.
    discord.rateLimitNext(1);
    await expect(postAlertWebhook(d, alert('renewal_failed'))).rejects.toThrow(/429/);
    await saveAlertSettings(d, actor(), { webhookUrl: null });
    expect(await postAlertWebhook(d, alert('renewal_failed'))).toBe(false);
  });

  it('alerts admins of refused payment webhooks once a quarter hour, delivered by the job', async () => {
    const post = () =>
      t.app.inject({ method: 'POST', url: `/api/webhooks/${t.app.payments.id}`, payload: '{"id":"evt_forged"}', headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' } });
    expect((await post()).statusCode).toBe(400);
    expect((await post()).statusCode).toBe(400);
    const jobs = await t.database.query<{ n: number }>(`select count(*)::int as n from pgboss.job where name = 'staff-alerts' and data->>'kind' = 'webhook_rejected'`);
    expect(jobs[0]?.n).toBe(1);
    await t.app.jobs.start();
    const inbox = async () => t.database.db.select().from(outboxEmails).where(eq(outboxEmails.to, staff.admin.email));
    await waitFor(async () => (await inbox()).some((m) => m.subject.includes('Payment webhook refused')), 'the alert email', 30_000);
    const support = await t.database.db.select().from(outboxEmails).where(eq(outboxEmails.to, staff.support.email));
    expect(support.filter((m) => m.subject.includes('Payment webhook refused'))).toEqual([]);
  });
});
