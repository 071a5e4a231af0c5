import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, createTestApp, dbKinds, manualClock, type TestContext } from '../../test/test-app';
import { buyWithLocalCard, get } from '../billing/billing.fixtures';
import { minecraftChoice, recordingProvisioning } from './checkout.fixtures';

/** Decision 085: an order's lines are named in the customer's language when it is made, from the catalog's texts. */
describe.each(dbKinds)("an order's lines in the customer's language on %s", (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(kind, { clock: manualClock(new Date('2030-01-15T12:00:00Z')), checkout: { provisioning: recordingProvisioning() } });
  });
  afterAll(async () => t?.close());

  const choice = { ...minecraftChoice, location: 'eu-west', addons: { 'automatic-backups': 1 } };
  const german = { 'accept-language': 'de-DE,de;q=0.9' };

  it("names the add-on and location as the German catalog does on the order, its invoice page and PDF, and the services card", async () => {
    const hans = await createSignedInUser(t);
    const pref = await t.app.inject({ method: 'PUT', url: '/api/account/preferences', headers: { cookie: hans.cookie }, payload: { language: 'de' } });
    expect(pref.statusCode, pref.body).toBe(200);
    const bought = await buyWithLocalCard(t, hans.cookie, { choice });

    const texts = bought.invoice.lines.map((l) => l.text?.values);
    expect(texts).toContainEqual(expect.objectContaining({ name: 'Automatische Backups' }));
    expect(bought.invoice.lines.some((l) => l.description.startsWith('Automatic Backups'))).toBe(true);

    const page = await t.app.inject({ method: 'GET', url: `/api/invoices/${bought.invoice.id}`, headers: { cookie: hans.cookie, ...german } });
    const lines = page.json().lines.map((l: { description: string }) => l.description);
    expect(lines).toContain('Automatische Backups (1 Monat)');
    expect(lines.join('\n')).not.toMatch(/Automatic Backups/);

    const pdf = await t.app.inject({ method: 'GET', url: `/api/invoices/${bought.invoice.id}/pdf`, headers: { cookie: hans.cookie, ...german } });
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), { mergePages: true });
    expect(text).toMatch(/Automatische\s+Backups\s+\(1\s+Monat\)/);

    const upgrades = await t.app.inject({ method: 'GET', url: '/api/upgrades', headers: { cookie: `${hans.cookie}; sp_lang=de` } });
    const addons = upgrades.json().servers.flatMap((s: { addons: { key: string; name: string }[] }) => s.addons);
    expect(addons).toContainEqual(expect.objectContaining({ key: 'automatic-backups', name: 'Automatische Backups' }));
    // The card follows the page's language; the invoice stays the document it was issued as.
    const english = await get(t, '/api/upgrades', hans.cookie);
    expect(english.json().servers[0].addons[0].name).toBe('Automatic Backups');
  });

  it('keeps the catalog’s own words for an English customer', async () => {
    const ada = await createSignedInUser(t);
    const bought = await buyWithLocalCard(t, ada.cookie, { choice });
    expect(bought.invoice.lines.map((l) => l.text?.values)).toContainEqual(expect.objectContaining({ name: 'Automatic Backups' }));
  });
});
