import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, createTestApp, createUser, dbKinds, readMailbox, type TestContext } from '../../../test/test-app';

describe.each(dbKinds)("a customer's emails in the staff console on %s", (kind) => {
  let t: TestContext;
  let support: { cookie: string };
  let customer: { cookie: string };

  beforeAll(async () => {
    t = await createTestApp(kind);
    support = await createSignedInUser(t, { role: 'support' });
    customer = await createSignedInUser(t);
  });
  afterAll(async () => t?.close());

  const get = (cookie: string, id: string) => t.app.inject({ method: 'GET', url: `/api/admin/customers/${id}/emails`, headers: { cookie } });
  const resend = (cookie: string, id: string, emailId: string, payload: object = {}) =>
    t.app.inject({ method: 'POST', url: `/api/admin/customers/${id}/emails/${emailId}/resend`, headers: { cookie }, payload });

  it('lists what was sent with its state but not its body, resends one with an audit record, and refuses others', async () => {
    const user = await createUser(t);
    const other = await createUser(t);
    const pdf = Buffer.from('%PDF-1.4');
    await t.app.mailer.send({ to: user.email, subject: 'Your invoice', text: 'secret link', html: '<p>x</p>', attachments: [{ filename: 'INV-7.pdf', contentType: 'application/pdf', content: pdf }] });
    await t.app.mailer.send({ to: other.email, subject: 'Not theirs', text: 't', html: 'h' });

    const res = await get(support.cookie, user.id);
    expect(res.statusCode).toBe(200);
    const { emails } = res.json();
    expect(emails).toEqual([
      expect.objectContaining({ to: user.email, subject: 'Your invoice', status: 'sent', attempts: 1, lastError: null, attachments: ['INV-7.pdf'], resendOf: null }),
    ]);
    expect(JSON.stringify(emails)).not.toContain('secret link');

    const again = await resend(support.cookie, user.id, emails[0].id, { reason: 'Customer could not find it' });
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toContain('Your invoice');
    const after = (await get(support.cookie, user.id)).json().emails;
    expect(after).toHaveLength(2);
    expect(after[0]).toMatchObject({ subject: 'Your invoice', resendOf: emails[0].id, attachments: ['INV-7.pdf'] });
    expect((await readMailbox(t, user.email))[0]?.attachments[0]?.bytes).toBe(pdf.length);
    const audit = await t.database.query<{ action: string; reason: string }>("select action, reason from audit_log where target_id = $1 and action = 'customer.email_resent'", [user.id]);
    expect(audit).toEqual([{ action: 'customer.email_resent', reason: 'Customer could not find it' }]);

    // Another customer's email is not reachable through this customer's page.
    const theirs = (await get(support.cookie, other.id)).json().emails[0].id;
    expect((await resend(support.cookie, user.id, theirs)).statusCode).toBe(404);
    expect((await resend(support.cookie, user.id, 'nope')).statusCode).toBe(400);
    expect((await get(customer.cookie, user.id)).statusCode).toBe(403);
    expect((await resend(customer.cookie, user.id, emails[0].id)).statusCode).toBe(403);
  });
});
