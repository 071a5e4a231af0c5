import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sourceCatalogs } from '../../../shared/i18n/catalogs';
import { compileMessages } from '../../../shared/i18n/compile';
import type { Locale } from '../../../shared/i18n/locales';
import { couponLine } from '../../../shared/coupons';
import { periodName } from '../../../shared/line-text';
import { REVERSE_CHARGE_NOTE } from '../../../shared/tax';
import { invoices, users } from '../../db/schema';
import { recordingBus, recordingProvisioning } from '../checkout/checkout.fixtures';
import { createSignedInUser, createTestApp, dbKinds, type TestContext } from '../../test/test-app';
import { buyWithLocalCard, get } from './billing.fixtures';
import { lineWords, methodWords, noteWords, wordingIn } from './wording';

const files = { messages: async (locale: Locale, namespace: 'public' | 'dashboard') => compileMessages(sourceCatalogs[locale][namespace]) };

describe('what billing stored as words, in the reader’s language (decision 069)', () => {
  it('the reverse-charge note, a coupon line with its amount, a payment method and a period name in German', async () => {
    const de = await wordingIn(files, 'de');
    expect(noteWords(REVERSE_CHARGE_NOTE, de)).toMatch(/^Steuerschuldnerschaft des Leistungsempfängers \(Reverse-Charge\): Auf dieser Rechnung wird keine Umsatzsteuer berechnet\./);
    expect(noteWords('A note written otherwise', de)).toBe('A note written otherwise');
    expect(noteWords(null, de)).toBeNull();
    expect(lineWords(couponLine({ code: 'SPRING', kind: 'fixed', amount: 500 }, 500, 'eur'), de)).toBe('Gutschein SPRING (5,00\u00a0€ Rabatt)');
    expect(lineWords(couponLine({ code: 'SPRING', kind: 'percent', amount: 20 }, 280, 'eur'), de)).toBe('Gutschein SPRING (20 % Rabatt)');
    expect(methodWords('Default payment method', de)).toBe('Standard-Zahlungsmethode');
    expect(methodWords('Visa •••• 4242', de)).toBe('Visa •••• 4242');
    expect(periodName({ label: 'Monthly', months: 1 }, de!.say)).toBe('Monatlich');
    expect(periodName({ label: '3 Months', months: 3 }, de!.say)).toBe('3 Monate');
    // A name staff wrote is theirs.
    expect(periodName({ label: 'Quarterly', months: 3 }, de!.say)).toBe('Quarterly');
  });

  it('English reads as the stored English did', async () => {
    const en = await wordingIn(files, 'en');
    expect(noteWords(REVERSE_CHARGE_NOTE, en)).toBe(REVERSE_CHARGE_NOTE);
    const line = couponLine({ code: 'SPRING', kind: 'fixed', amount: 500 }, 500, 'usd');
    expect(lineWords(line, en)).toBe(line.description);
  });
});

describe.each(dbKinds)('a German customer’s invoice and billing history (%s)', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(kind, { checkout: { events: recordingBus(), provisioning: recordingProvisioning() } });
  });
  afterAll(async () => t?.close());

  it('lines, history and PDF in German; a line stored before has its English', async () => {
    const customer = await createSignedInUser(t);
    await t.database.db.update(users).set({ preferences: { language: 'de' } }).where(eq(users.id, customer.id));
    const choice = { kind: 'server', game: 'minecraft', plan: 'minecraft-4gb', period: '3months', location: 'us-west', addons: { 'additional-ssd': 2 }, serverName: 'Talwiese' };
    const { invoice } = await buyWithLocalCard(t, customer.cookie, { choice });

    const detail = (await get(t, `/api/invoices/${invoice.id}`, customer.cookie)).json();
    expect(detail.lines.map((l: { description: string }) => l.description)).toEqual(['Minecraft 4GB Server (3 Monate)', 'Zusätzlicher SSD-Speicher × 2 (3 Monate)']);
    expect(detail.lines[0]).not.toHaveProperty('text');

    const history = (await get(t, '/api/invoices', customer.cookie)).json() as { kind: string; description: string; method: string }[];
    expect(history.find((e) => e.kind === 'charge')?.description).toBe(`Minecraft 4GB · Talwiese (${invoice.number})`);
    expect(history.find((e) => e.kind === 'renewal')).toMatchObject({ description: 'Verlängerung von Talwiese (Minecraft 4GB)', method: 'Standard-Zahlungsmethode' });

    const pdf = await get(t, `/api/invoices/${invoice.id}/pdf`, customer.cookie);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), { mergePages: true });
    expect(text).toContain('Minecraft 4GB Server (3 Monate)');

    // An invoice written before lines carried their message: its English words, as stored.
    await t.database.db
      .update(invoices)
      .set({ lines: invoice.lines.map(({ text: _text, ...line }) => line) })
      .where(eq(invoices.id, invoice.id));
    const old = (await get(t, `/api/invoices/${invoice.id}`, customer.cookie)).json();
    expect(old.lines[0].description).toBe('Minecraft 4GB server (3 months)');
  });
});
