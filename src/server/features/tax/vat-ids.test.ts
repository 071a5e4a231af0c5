import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { REVERSE_CHARGE_NOTE } from '../../../shared/tax';
import { auditLog, billingDetails } from '../../db/schema';
import { VAT_ID_CHECKS_QUEUE } from '../../jobs/vat-id-checks';
import { startFakeVies, type FakeVies } from '../../test/fakes/vies/fake-vies';
import { createSignedInUser, createTestApp, dbKinds, manualClock, type TestContext } from '../../test/test-app';
import { buy } from '../affiliate/affiliate-test-kit';
import { recordingBus, recordingProvisioning, rowsOf } from '../checkout/checkout.fixtures';
import { addRate, putBillingDetails, saveStore, setBillingDetails } from './tax.fixtures';

/**
 * Reverse charge only on a VAT ID VIES verified (docs/decisions/033-vat-id-checks.md), through the
 * real VIES client against the fake of the VIES REST API.
 */
const german = { name: 'Klötzchen GmbH', address: 'Torstraße 1, Berlin', country: 'DE', region: '', postalCode: '10119', vatId: '' };
const german19 = { taxCents: 266, grossCents: 1666, reverseCharge: false };
const reverse = { taxCents: 0, grossCents: 1400, reverseCharge: true };

describe.each(dbKinds)('VAT IDs checked with VIES on %s', (kind) => {
  let t: TestContext;
  let vies: FakeVies;
  let admin: string;
  const clock = manualClock(new Date('2030-01-15T12:00:00Z'));

  beforeAll(async () => {
    vies = await startFakeVies({ now: clock.now });
    t = await createTestApp(kind, { clock, env: { VIES_API_URL: vies.url }, checkout: { events: recordingBus(), provisioning: recordingProvisioning() } });
    admin = (await createSignedInUser(t, { role: 'admin' })).cookie;
    // A Dutch seller (NL123456789B01, the requester of every check) charging German VAT.
    await saveStore(t, admin);
    await addRate(t, admin, { country: 'DE', name: 'VAT', ratePercent: 19 });
  });
  beforeEach(() => {
    vies.reset();
    vies.register('NL123456789B01', { name: 'BLOKHOST B.V.' });
    vies.register('FR40303265045', { name: 'KLÖTZCHEN SAS', address: '1 RUE DE RIVOLI 75001 PARIS' });
  });
  afterAll(async () => {
    await t?.close();
    await vies?.close();
  });

  const detailsOf = async (userId: string) => (await t.database.db.select().from(billingDetails).where(eq(billingDetails.userId, userId)))[0]!;
  const termsOf = async (cookie: string) => (await t.app.inject({ method: 'GET', url: '/api/tax/terms', headers: { cookie } })).json();
  const jobsOf = async (userId: string) =>
    t.database.query(`select retry_limit, retry_delay, retry_backoff, state from pgboss.job where name = $1 and singleton_key = $2`, [VAT_ID_CHECKS_QUEUE, userId]);

  it('a made-up but well-formed VAT ID gets no reverse charge: VIES says it is not registered, and VAT is charged', async () => {
    const customer = await createSignedInUser(t, { billing: german });
    const saved = await setBillingDetails(t, customer.cookie, { ...german, vatId: 'FR12345678901' });
    expect(saved).toMatchObject({ vatId: 'FR12345678901', vatIdStatus: 'invalid', vatCheck: { by: 'vies', checkedAt: clock.now().toISOString() }, vatCheckError: null });
    expect((await termsOf(customer.cookie)).treatment).toEqual({ inclusive: false, reverseCharge: false, lines: [{ name: 'VAT', rate: 19000 }] });
    const out = await buy(t, customer.cookie);
    const rows = await rowsOf(t, out.order_id);
    expect(rows.order).toMatchObject(german19);
    expect(rows.invoices[0]).toMatchObject({ ...german19, taxNote: null, buyer: { vatId: 'FR12345678901', vatIdStatus: 'invalid', vatCheck: null } });
    expect(await jobsOf(customer.id)).toEqual([]);
  });

  it('reverse charge after a successful check, with the consultation number on the invoice', async () => {
    const customer = await createSignedInUser(t, { billing: german });
    const saved = await setBillingDetails(t, customer.cookie, { ...german, vatId: 'FR40303265045' });
    const vatCheck = { by: 'vies', consultation: vies.consultations[0], checkedAt: clock.now().toISOString() };
    expect(saved).toMatchObject({ vatIdStatus: 'verified', vatCheck });
    expect(vies.requests).toEqual([{ countryCode: 'FR', vatNumber: '40303265045', requesterMemberStateCode: 'NL', requesterNumber: '123456789B01' }]);
    const out = await buy(t, customer.cookie);
    const invoice = (await rowsOf(t, out.order_id)).invoices[0]!;
    expect(invoice).toMatchObject({ ...reverse, taxNote: REVERSE_CHARGE_NOTE, buyer: { vatIdStatus: 'verified', vatCheck } });
    const page = await t.app.inject({ method: 'GET', url: `/api/invoices/${invoice.id}`, headers: { cookie: customer.cookie } });
    expect(page.json().customer).toMatchObject({ vatId: 'FR40303265045', vatIdStatus: 'verified', vatCheck });

    // Saving the same ID again keeps its verification and asks VIES nothing; a changed one starts over.
    expect(await setBillingDetails(t, customer.cookie, { ...german, name: 'Klötzchen AG', vatId: 'FR 40 303265045' })).toMatchObject({ vatIdStatus: 'verified', vatCheck });
    expect(vies.requests).toHaveLength(1);
    expect(await setBillingDetails(t, customer.cookie, { ...german, vatId: 'FR12345678901' })).toMatchObject({ vatIdStatus: 'invalid' });
    expect(vies.requests).toHaveLength(2);
  });

  it('while the member state cannot be reached, VAT is charged and the check is retried with backoff until VIES answers', async () => {
    const customer = await createSignedInUser(t, { billing: german });
    vies.setAvailable('FR', false);
    const saved = await setBillingDetails(t, customer.cookie, { ...german, vatId: 'FR40303265045' });
    expect(saved).toMatchObject({ vatIdStatus: 'checking', vatCheck: null, vatCheckError: 'MS_UNAVAILABLE' });
    // One job, retried with pg-boss's exponential backoff from a minute.
    expect(await jobsOf(customer.id)).toEqual([{ retry_limit: 7, retry_delay: 60, retry_backoff: true, state: 'created' }]);
    await t.app.jobs.queue.send(VAT_ID_CHECKS_QUEUE, { userId: customer.id }, { singletonKey: customer.id });
    expect(await jobsOf(customer.id)).toHaveLength(1);
    expect((await rowsOf(t, (await buy(t, customer.cookie)).order_id)).order).toMatchObject(german19);

    // The job's step throws while VIES still cannot answer, so pg-boss tries again later; not on its last try.
    await expect(t.app.vatIds.retry(customer.id, { last: false })).rejects.toThrow(/MS_UNAVAILABLE/);
    vies.failNext({ error: 'MS_MAX_CONCURRENT_REQ' });
    vies.setAvailable('FR', true);
    await expect(t.app.vatIds.retry(customer.id, { last: true })).resolves.toBeUndefined();
    expect(await detailsOf(customer.id)).toMatchObject({ vatIdStatus: 'checking', vatIdCheckError: 'MS_MAX_CONCURRENT_REQ' });
    // After the last try the hourly sweep queues it again, once an hour has passed.
    expect(await t.app.vatIds.stillChecking()).not.toContain(customer.id);
    clock.advance(61 * 60_000);
    expect(await t.app.vatIds.stillChecking()).toContain(customer.id);
    clock.advance(-61 * 60_000);

    await t.app.vatIds.retry(customer.id, { last: false });
    expect(await detailsOf(customer.id)).toMatchObject({ vatIdStatus: 'verified', vatIdVerifiedBy: 'vies', vatIdConsultation: vies.consultations.at(-1), vatIdCheckError: null });
    expect(await t.app.vatIds.stillChecking()).not.toContain(customer.id);
    const billing = await t.app.inject({ method: 'GET', url: '/api/account/billing-details', headers: { cookie: customer.cookie } });
    expect(billing.json().details).toMatchObject({ vatIdStatus: 'verified', vatCheck: { by: 'vies', consultation: vies.consultations.at(-1) } });
    expect((await rowsOf(t, (await buy(t, customer.cookie)).order_id)).order).toMatchObject(reverse);
  });

  it('checks without the consultation number when VIES refuses the seller’s own tax ID as requester', async () => {
    vies.unregister('NL123456789B01');
    const customer = await createSignedInUser(t, { billing: german });
    const saved = await setBillingDetails(t, customer.cookie, { ...german, vatId: 'FR40303265045' });
    expect(saved).toMatchObject({ vatIdStatus: 'verified', vatCheck: { by: 'vies', consultation: null } });
    expect(vies.requests).toEqual([
      { countryCode: 'FR', vatNumber: '40303265045', requesterMemberStateCode: 'NL', requesterNumber: '123456789B01' },
      { countryCode: 'FR', vatNumber: '40303265045' },
    ]);
  });

  it('staff mark an ID VIES cannot check as verified by hand: by permission, with a reason, audited in the same transaction', async () => {
    vies.setAvailable('FR', false);
    const customer = await createSignedInUser(t, { billing: german });
    await setBillingDetails(t, customer.cookie, { ...german, vatId: 'FR40303265045' });
    const support = (await createSignedInUser(t, { role: 'support' })).cookie;
    const billing = (await createSignedInUser(t, { role: 'billing' })).cookie;
    const verify = (cookie: string, payload: object) =>
      t.app.inject({ method: 'POST', url: `/api/admin/customers/${customer.id}/vat-id/verify`, headers: { cookie }, payload });
    const audits = () => t.database.db.select().from(auditLog).where(and(eq(auditLog.targetId, customer.id), eq(auditLog.action, 'customer.vat_id_verified')));

    expect((await verify(support, { vatId: 'FR40303265045', reason: 'Checked the French register' })).statusCode).toBe(403);
    expect((await verify(customer.cookie, { vatId: 'FR40303265045', reason: 'Checked the French register' })).statusCode).toBe(403);
    const noReason = await verify(billing, { vatId: 'FR40303265045', reason: '' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.fields.reason).toBeTruthy();
    const otherId = await verify(billing, { vatId: 'FR12345678901', reason: 'Checked the French register' });
    expect(otherId.statusCode).toBe(409);
    expect(await audits()).toEqual([]);
    expect(await detailsOf(customer.id)).toMatchObject({ vatIdStatus: 'checking' });

    const done = await verify(billing, { vatId: 'FR 40 303265045', reason: 'VIES down for FR; checked on impots.gouv.fr' });
    expect(done.statusCode, done.body).toBe(200);
    expect(await detailsOf(customer.id)).toMatchObject({ vatIdStatus: 'verified', vatIdVerifiedBy: 'staff', vatIdConsultation: null, vatIdCheckedAt: clock.now() });
    const [record] = await audits();
    expect(record).toMatchObject({
      reason: 'VIES down for FR; checked on impots.gouv.fr',
      targetLabel: customer.email,
      before: { vatId: 'FR40303265045', vatIdStatus: 'checking', vatIdCheckError: 'MS_UNAVAILABLE' },
      after: { vatIdStatus: 'verified', vatIdVerifiedBy: 'staff' },
    });
    expect((await verify(billing, { vatId: 'FR40303265045', reason: 'Again' })).statusCode).toBe(409);
    expect(await audits()).toHaveLength(1);

    const out = await buy(t, customer.cookie);
    expect((await rowsOf(t, out.order_id)).invoices[0]).toMatchObject({ ...reverse, buyer: { vatIdStatus: 'verified', vatCheck: { by: 'staff', consultation: null } } });
    // A pending retry finds the ID verified and leaves it alone.
    await t.app.vatIds.retry(customer.id, { last: false });
    expect(await detailsOf(customer.id)).toMatchObject({ vatIdVerifiedBy: 'staff' });
  });
});

describe.each(dbKinds)('without VIES_API_URL on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t?.close());

  it('the built-in checker reaches nobody: the ID stays checking, VAT is charged, and nothing is retried', async () => {
    const admin = (await createSignedInUser(t, { role: 'admin' })).cookie;
    await saveStore(t, admin);
    const customer = await createSignedInUser(t, { billing: german });
    const res = await putBillingDetails(t, customer.cookie, { ...german, vatId: 'FR40303265045' });
    expect(res.json()).toMatchObject({ vatIdStatus: 'checking', vatCheckError: 'VIES_NOT_CONFIGURED' });
    expect(await t.app.vatIds.stillChecking()).toEqual([]);
    const terms = await t.app.inject({ method: 'GET', url: '/api/tax/terms', headers: { cookie: customer.cookie } });
    expect(terms.json().treatment.reverseCharge).toBe(false);
  });
});
