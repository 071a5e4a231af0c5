import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditNotes, localCheckoutSessions } from '../../db/schema';
import { isLocalProvider } from '../../integrations/payments/local-provider';
import { readAttachment } from '../../integrations/mail/mailbox';
import { recordingProvisioning } from '../checkout/checkout.fixtures';
import { createSignedInUser, createTestApp, dbKinds, manualClock, readMailbox, type TestContext } from '../../test/test-app';
import { buyWithLocalCard, get } from './billing.fixtures';

/** The text a PDF reader finds in the file, pages joined. */
async function pdfText(body: Buffer | Uint8Array): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(body)), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

describe.each(dbKinds)('invoice and credit-note PDFs, and the order confirmation, on %s', (kind) => {
  let t: TestContext;
  let customer: Awaited<ReturnType<typeof createSignedInUser>>;
  let purchase: Awaited<ReturnType<typeof buyWithLocalCard>>;

  beforeAll(async () => {
    t = await createTestApp(kind, {
      clock: manualClock(new Date('2030-01-15T12:00:00Z')),
      env: { PUBLIC_URL: 'https://play.example.test', BRAND_NAME: 'Blockhost', SUPPORT_EMAIL: 'help@blockhost.test' },
      checkout: { provisioning: recordingProvisioning() },
    });
    customer = await createSignedInUser(t);
    purchase = await buyWithLocalCard(t, customer.cookie);
  });
  afterAll(async () => t?.close());

  it("downloads the customer's invoice as a PDF with its number, parties and total", async () => {
    const res = await get(t, `/api/invoices/${purchase.invoice.id}/pdf`, customer.cookie);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="invoice-${purchase.invoice.number}.pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Blockhost');
    expect(text).toContain(purchase.invoice.number);
    expect(text).toContain('Billed to'.toUpperCase());
    expect(text).toContain('Test Customer');
    expect(text).toMatch(/Total \$14\.00/);
    expect(text).toContain('help@blockhost.test');
    expect(text).toContain('Jan 15, 2030');
  });

  it("formats the amounts and dates in the customer's language", async () => {
    const res = t.app.inject({
      method: 'GET',
      url: `/api/invoices/${purchase.invoice.id}/pdf`,
      headers: { cookie: customer.cookie, 'accept-language': 'de-DE,de;q=0.9' },
    });
    const text = await pdfText((await res).rawPayload);
    expect(text).toMatch(/Gesamt 14,00 \$/);
    expect(text).toContain('RECHNUNG AN');
    expect(text).toContain('15. Jan. 2030');
  });

  it("answers 404 for another customer's document or a malformed id, and 401 signed out", async () => {
    const other = await createSignedInUser(t);
    expect((await get(t, `/api/invoices/${purchase.invoice.id}/pdf`, other.cookie)).statusCode).toBe(404);
    expect((await get(t, `/api/invoices/not-an-id/pdf`, customer.cookie)).statusCode).toBe(404);
    expect((await get(t, `/api/credit-notes/${crypto.randomUUID()}/pdf`, customer.cookie)).statusCode).toBe(404);
    expect((await get(t, `/api/invoices/${purchase.invoice.id}/pdf`)).statusCode).toBe(401);
  });

  it('emails the order confirmation once, with the invoice PDF attached, even when the webhook comes again', async () => {
    const confirmations = async () => (await readMailbox(t, customer.email)).filter((m) => m.subject.startsWith('Order confirmed'));
    // Sent beside the payment's request, which does not wait for the PDF.
    await expect.poll(async () => (await confirmations()).length).toBe(1);
    const [mail] = await confirmations();
    expect(mail!.subject).toBe(`Order confirmed: Minecraft 4GB · Creeper Valley (${purchase.invoice.number})`);
    expect(mail!.text).toContain('$14.00');
    expect(mail!.text).toContain(`https://play.example.test/dashboard/billing/invoices/${purchase.invoice.id}`);
    expect(mail!.attachments).toEqual([{ filename: `invoice-${purchase.invoice.number}.pdf`, contentType: 'application/pdf', bytes: expect.any(Number) }]);
    const file = await readAttachment(t.database.db, mail!.id, 0);
    expect(await pdfText(file!.content)).toContain(purchase.invoice.number);

    // The provider sends the paid session's event again: the order is paid, nothing is queued
    // (fulfilment.test.ts holds the hook to one call per order).
    const provider = t.app.payments;
    if (!isLocalProvider(provider)) throw new Error('expected the built-in provider');
    const [session] = await t.database.db.select().from(localCheckoutSessions).where(eq(localCheckoutSessions.id, purchase.session_id));
    const event = provider.signedEvent(session!, 'checkout.session.completed');
    const replay = await t.app.inject({ method: 'POST', url: '/api/webhooks/local', payload: event.body, headers: event.headers });
    expect(replay.statusCode, replay.body).toBe(200);
    expect(await confirmations()).toHaveLength(1);
  });

  it('downloads a credit note, and lets staff with money.read download both documents', async () => {
    // The note states the refund time in force when it was issued (Settings → Business rules), with its plural (decision 082).
    const admin = await createSignedInUser(t, { role: 'admin' });
    const rules = (await t.app.inject({ url: '/api/brand' })).json().rules;
    const refundDays = async (days: number, reason: string) => {
      const saved = await t.app.inject({
        method: 'PUT',
        url: '/api/admin/settings/business-rules',
        headers: { cookie: admin.cookie },
        payload: { ...rules, refundDaysMin: days, refundDaysMax: days, reason },
      });
      expect(saved.statusCode, saved.body).toBe(200);
    };
    await refundDays(14, 'Our bank takes two weeks');
    await t.app.refunds.refundOrder(purchase.order_id, 'The server could not be set up');
    const [note] = await t.database.db.select().from(creditNotes).where(eq(creditNotes.invoiceId, purchase.invoice.id));
    expect(note).toMatchObject({ refundDaysMin: 14, refundDaysMax: 14 });
    const own = await get(t, `/api/credit-notes/${note!.id}/pdf`, customer.cookie);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-disposition']).toBe(`attachment; filename="credit-note-${note!.number}.pdf"`);
    const text = await pdfText(own.rawPayload);
    expect(text).toContain(note!.number);
    expect(text).toContain(purchase.invoice.number);
    expect(text).toContain('Reason: The server could not be set up');
    expect(text).toMatch(/Credited \$14\.00/);
    expect(text).toMatch(/reaches it in 14\s+business\s+days\./);

    // Staff lengthen the window: the note issued under 14 days still says 14, on its page and in its PDF.
    await refundDays(30, 'Our bank is slower now');
    const page = await get(t, `/api/credit-notes/${note!.id}`, customer.cookie);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ method: 'card', refundDaysMin: 14, refundDaysMax: 14 });
    expect(await pdfText((await get(t, `/api/credit-notes/${note!.id}/pdf`, customer.cookie)).rawPayload)).toMatch(/reaches it in 14\s+business\s+days\./);
    const staffCopy = await get(t, `/api/admin/credit-notes/${note!.id}/pdf`, admin.cookie);
    expect(await pdfText(staffCopy.rawPayload)).toMatch(/reaches it in 14\s+business\s+days\./);
    const back = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings/business-rules',
      headers: { cookie: admin.cookie },
      payload: { ...rules, reason: 'Back to the usual' },
    });
    expect(back.statusCode, back.body).toBe(200);
    expect((await get(t, `/api/credit-notes/${note!.id}`, customer.cookie)).json()).toMatchObject({ refundDaysMin: 14, refundDaysMax: 14 });

    const support = await createSignedInUser(t, { role: 'support' });
    const staffInvoice = await get(t, `/api/admin/invoices/${purchase.invoice.id}/pdf`, support.cookie);
    expect(staffInvoice.statusCode).toBe(200);
    expect(staffInvoice.headers['content-type']).toBe('application/pdf');
    expect(await pdfText(staffInvoice.rawPayload)).toContain(purchase.invoice.number);
    const staffNote = await get(t, `/api/admin/credit-notes/${note!.id}/pdf`, support.cookie);
    expect(staffNote.statusCode).toBe(200);
    expect((await get(t, `/api/admin/invoices/${crypto.randomUUID()}/pdf`, support.cookie)).statusCode).toBe(404);
    expect((await get(t, `/api/admin/invoices/${purchase.invoice.id}/pdf`, customer.cookie)).statusCode).toBe(403);
  });

  it('draws the saved logo at the top of the invoice and the credit note when it is a PNG or JPEG; a WebP logo leaves the name alone', async () => {
    const admin = await createSignedInUser(t, { role: 'admin' });
    const upload = (body: Buffer) =>
      t.app.inject({ method: 'PUT', url: '/api/admin/settings/brand/logo', headers: { cookie: admin.cookie, 'content-type': 'application/octet-stream' }, payload: body });
    const images = (pdf: Buffer) => pdf.toString('latin1').match(/\/Subtype \/Image/g)?.length ?? 0;
    const invoicePdf = async () => (await get(t, `/api/invoices/${purchase.invoice.id}/pdf`, customer.cookie)).rawPayload;
    expect(images(await invoicePdf())).toBe(0);

    // A 1×1 PNG (grey with alpha: PDFKit draws it with a soft mask, two image objects).
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNk+A8AAQUBAScY42YAAAAASUVORK5CYII=', 'base64');
    expect((await upload(png)).statusCode).toBe(200);
    const withLogo = await invoicePdf();
    expect(images(withLogo)).toBeGreaterThan(0);
    expect(await pdfText(withLogo)).toContain('Blockhost');
    const [note] = await t.database.db.select().from(creditNotes).where(eq(creditNotes.invoiceId, purchase.invoice.id));
    expect(images((await get(t, `/api/credit-notes/${note!.id}/pdf`, customer.cookie)).rawPayload)).toBeGreaterThan(0);

    // PDFKit draws no WebP: the name stands alone, and nothing fails.
    const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.from([26, 0, 0, 0]), Buffer.from('WEBPVP8L'), Buffer.alloc(14)]);
    expect((await upload(webp)).statusCode).toBe(200);
    const withWebp = await invoicePdf();
    expect(images(withWebp)).toBe(0);
    expect(await pdfText(withWebp)).toContain('Blockhost');
  });

  it("gives notes issued before their refund time was stored the rule in Settings when migration 0054 ran, else the shipped 5-7 (decision 082)", async () => {
    const sql = readFileSync(path.join(import.meta.dirname, '../../db/migrations/0054_stored_when_issued.sql'), 'utf8');
    const backfill = sql.split('--> statement-breakpoint').find((s) => s.trim().startsWith('UPDATE "credit_notes"'))!;
    const buyer = await createSignedInUser(t);
    const bought = await buyWithLocalCard(t, buyer.cookie);
    await t.app.refunds.refundOrder(bought.order_id, 'Changed my mind');
    const [note] = await t.database.db.select().from(creditNotes).where(eq(creditNotes.invoiceId, bought.invoice.id));
    const noteNow = async () => (await t.database.db.select().from(creditNotes).where(eq(creditNotes.id, note!.id)))[0];
    const [settings] = await t.database.query<{ rules: unknown }>('select rules from brand_settings where id = 1');
    const setRules = (rules: unknown) =>
      t.database.query('insert into brand_settings (id, rules) values (1, $1) on conflict (id) do update set rules = excluded.rules', [rules === null ? null : JSON.stringify(rules)]);
    try {
      await setRules({ refundDaysMin: 3, refundDaysMax: 10 });
      await t.database.query(backfill);
      expect(await noteNow()).toMatchObject({ refundDaysMin: 3, refundDaysMax: 10 });
      await setRules(null);
      await t.database.query(backfill);
      expect(await noteNow()).toMatchObject({ refundDaysMin: 5, refundDaysMax: 7 });
    } finally {
      if (settings) await setRules(settings.rules);
      else await t.database.query('delete from brand_settings where id = 1');
    }
  });
});
