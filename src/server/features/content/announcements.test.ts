import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminAnnouncement, CustomerAnnouncement } from '../../../shared/schemas/announcements';
import { auditLog } from '../../db/schema';
import { insertPaidServer } from '../../jobs/provisioning.fixtures';
import { createSignedInUser, createTestApp, dbKinds, manualClock, type TestContext } from '../../test/test-app';

// Short steps: sessions rotate their token after 5 minutes, and the clock is shared with them.
const HOUR = 2 * 60_000;

describe.each(dbKinds)('dashboard announcements on %s', (kind) => {
  let t: TestContext;
  const clock = manualClock(new Date('2030-01-15T12:00:00Z'));
  let support: string;
  let billingStaff: string;
  let euPalworld: string;
  let usMinecraft: string;
  let noServer: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { clock });
    support = (await createSignedInUser(t, { role: 'support' })).cookie;
    billingStaff = (await createSignedInUser(t, { role: 'billing' })).cookie;
    const a = await createSignedInUser(t);
    const b = await createSignedInUser(t);
    noServer = (await createSignedInUser(t)).cookie;
    await insertPaidServer(t.database.db, a.id, { game: 'palworld', location: 'eu-west', status: 'online' });
    await insertPaidServer(t.database.db, b.id, { game: 'minecraft', location: 'us-east', status: 'online' });
    euPalworld = a.cookie;
    usMinecraft = b.cookie;
  });
  afterAll(async () => t?.close());

  const at = (ms: number) => new Date(clock.now().getTime() + ms).toISOString();
  const send = (method: 'POST' | 'PUT', url: string, payload: object, cookie = support) => t.app.inject({ method, url, payload, headers: { cookie } });
  async function banners(cookie: string): Promise<string[]> {
    const res = await t.app.inject({ method: 'GET', url: '/api/announcements', headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { announcements: CustomerAnnouncement[] }).announcements.map((a) => a.title);
  }
  const base = { body: 'We move **EU West** to new hardware.', severity: 'warning', startsAt: at(0), reason: 'Planned move' };

  it('refuses bad input with the field that is wrong, and customers and signed-out callers', async () => {
    const noTitle = await send('POST', '/api/admin/announcements', { ...base, title: '' });
    expect(noTitle.statusCode).toBe(400);
    const noTarget = await send('POST', '/api/admin/announcements', { ...base, title: 'EU move', target: 'location', targetValues: [] });
    expect(noTarget.statusCode).toBe(400);
    expect(noTarget.body).toContain('Choose at least one location');
    const backwards = await send('POST', '/api/admin/announcements', { ...base, title: 'EU move', endsAt: at(-HOUR) });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.body).toContain('The end must be after the start');
    const alreadyOver = await send('POST', '/api/admin/announcements', { ...base, title: 'EU move', startsAt: at(-2 * HOUR), endsAt: at(-HOUR) });
    expect(alreadyOver.statusCode).toBe(400);
    expect(alreadyOver.json().error.fields).toEqual({ endsAt: 'The end is already past, so no customer would see it.' });
    const noReason = await send('POST', '/api/admin/announcements', { ...base, title: 'EU move', reason: '' });
    expect(noReason.statusCode).toBe(400);
    expect((await send('POST', '/api/admin/announcements', { ...base, title: 'EU move' }, euPalworld)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/announcements' })).statusCode).toBe(401);
    expect(await banners(euPalworld)).toEqual([]);
  });

  it('refuses a game or location the catalog does not have, naming the field and the value, on post and on edit', async () => {
    const mars = await send('POST', '/api/admin/announcements', { ...base, title: 'Mars move', target: 'location', targetValues: ['eu-west', 'mars-1'] });
    expect(mars.statusCode).toBe(400);
    expect(mars.json().error.fields.targetValues).toContain("'mars-1'");
    expect(mars.json().error.fields.targetValues).not.toContain("'eu-west'");
    const chess = await send('POST', '/api/admin/announcements', { ...base, title: 'Chess night', target: 'game', targetValues: ['chess', 'go'] });
    expect(chess.statusCode).toBe(400);
    expect(chess.json().error.fields.targetValues).toMatch(/no games 'chess', 'go'.*minecraft/);
    // A location is a game's value only by accident: each list is checked against its own kind.
    expect((await send('POST', '/api/admin/announcements', { ...base, title: 'Mixed up', target: 'game', targetValues: ['eu-west'] })).statusCode).toBe(400);
    const none = await t.database.query<{ n: number }>(`select count(*)::int as n from announcements where title in ('Mars move', 'Chess night', 'Mixed up')`);
    expect(none).toEqual([{ n: 0 }]);

    const ok = await send('POST', '/api/admin/announcements', { ...base, title: 'Minecraft patch', target: 'game', targetValues: ['minecraft'], endsAt: at(HOUR / 2) });
    expect(ok.statusCode, ok.body).toBe(201);
    const id = (ok.json() as AdminAnnouncement).id;
    const edit = await send('PUT', `/api/admin/announcements/${id}`, { ...base, title: 'Minecraft patch', target: 'game', targetValues: ['minecraft', 'tetris'], reason: 'Add one' });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().error.fields.targetValues).toContain("'tetris'");
    // A game the catalog no longer has, already aimed at, does not make the notice uneditable.
    await t.database.query(`update announcements set target_values = array['minecraft', 'retired-game'] where id = $1`, [id]);
    const kept = await send('PUT', `/api/admin/announcements/${id}`, { ...base, title: 'Minecraft patch, later', target: 'game', targetValues: ['minecraft', 'retired-game'], reason: 'New time' });
    expect(kept.statusCode, kept.body).toBe(200);
    await send('POST', `/api/admin/announcements/${id}/end`, { reason: 'Test over' });
  });

  it('shows each announcement to the customers it targets, inside its window, and audits every change', async () => {
    const everyone = await send('POST', '/api/admin/announcements', { ...base, title: 'New panel', format: 'plain', body: 'Hello <b>all</b>\nsecond line', severity: 'info' });
    expect(everyone.statusCode, everyone.body).toBe(201);
    const eu = await send('POST', '/api/admin/announcements', { ...base, title: 'EU West move', target: 'location', targetValues: ['eu-west'], endsAt: at(2 * HOUR) });
    expect(eu.json()).toMatchObject({ state: 'live', target: 'location', targetValues: ['eu-west'], dismissals: 0 });
    await send('POST', '/api/admin/announcements', { ...base, title: 'Minecraft 1.22', target: 'game', targetValues: ['minecraft'], startsAt: at(HOUR) }, billingStaff);

    expect(await banners(euPalworld)).toEqual(['EU West move', 'New panel']);
    expect(await banners(usMinecraft)).toEqual(['New panel']);
    expect(await banners(noServer)).toEqual(['New panel']);
    const first = (await t.app.inject({ method: 'GET', url: '/api/announcements', headers: { cookie: noServer } })).json() as { announcements: CustomerAnnouncement[] };
    // Plain text is escaped, never HTML; Markdown is rendered on the server.
    expect(first.announcements[0]!.html).toBe('<p>Hello &lt;b&gt;all&lt;/b&gt;<br>second line</p>');
    const euView = (await t.app.inject({ method: 'GET', url: '/api/announcements', headers: { cookie: euPalworld } })).json() as { announcements: CustomerAnnouncement[] };
    expect(euView.announcements[0]!.html).toContain('<strong>EU West</strong>');

    clock.advance(HOUR); // the Minecraft one starts
    expect(await banners(usMinecraft)).toEqual(['Minecraft 1.22', 'New panel']);
    clock.advance(HOUR); // the EU one ends
    expect(await banners(euPalworld)).toEqual(['New panel']);

    const id = (eu.json() as AdminAnnouncement).id;
    const edited = await send('PUT', `/api/admin/announcements/${id}`, { ...base, title: 'EU West move, part 2', target: 'location', targetValues: ['eu-west'], startsAt: at(0), reason: 'Second night' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await banners(euPalworld)).toEqual(['EU West move, part 2', 'New panel']);
    const ended = await send('POST', `/api/admin/announcements/${id}/end`, { reason: 'Done early' });
    expect(ended.json()).toMatchObject({ state: 'ended' });
    expect(await banners(euPalworld)).toEqual(['New panel']);
    expect((await send('POST', `/api/admin/announcements/${id}/end`, { reason: 'Again' })).statusCode).toBe(400);

    const audit = await t.database.db.select().from(auditLog).where(and(eq(auditLog.targetType, 'announcement'), eq(auditLog.targetId, id)));
    expect(audit.map((a) => [a.action, a.reason])).toEqual(
      expect.arrayContaining([
        ['announcement.posted', 'Planned move'],
        ['announcement.edited', 'Second night'],
        ['announcement.ended', 'Done early'],
      ]),
    );
  });

  it('remembers a dismissal per account, on every device, and refuses one the customer cannot see', async () => {
    const list = (await t.app.inject({ method: 'GET', url: '/api/admin/announcements', headers: { cookie: support } })).json() as { announcements: AdminAnnouncement[] };
    const everyone = list.announcements.find((a) => a.title === 'New panel')!;
    const minecraft = list.announcements.find((a) => a.title === 'Minecraft 1.22')!;
    const dismiss = (id: string, cookie: string) => t.app.inject({ method: 'POST', url: `/api/announcements/${id}/dismiss`, headers: { cookie } });
    const d = await dismiss(everyone.id, usMinecraft);
    expect(d.statusCode, d.body).toBe(204);
    expect((await dismiss(everyone.id, usMinecraft)).statusCode).toBe(204);
    expect(await banners(usMinecraft)).toEqual(['Minecraft 1.22']);
    expect(await banners(noServer)).toEqual(['New panel']);
    expect((await dismiss(minecraft.id, euPalworld)).statusCode).toBe(404);
    expect((await dismiss('00000000-0000-4000-8000-000000000000', euPalworld)).statusCode).toBe(404);
    const after = (await t.app.inject({ method: 'GET', url: '/api/admin/announcements', headers: { cookie: support } })).json() as { announcements: AdminAnnouncement[] };
    expect(after.announcements.find((a) => a.id === everyone.id)!.dismissals).toBe(1);
  });
  it('shows a banner in the page’s language where staff wrote one, and the main text in any other', async () => {
    const translations = { de: { title: 'Neues Panel', body: 'Hallo **alle**' }, 'pt-BR': { title: 'Painel novo', body: 'Olá a todos' } };
    const half = await send('POST', '/api/admin/announcements', { ...base, title: 'Half done', translations: { fr: { title: 'Nouveau', body: '' } } });
    expect(half.statusCode).toBe(400);
    expect(half.body).toContain('Write the text customers will read');
    expect((await send('POST', '/api/admin/announcements', { ...base, title: 'Klingon', translations: { tlh: { title: 'nuqneH', body: 'Qapla' } } })).statusCode).toBe(400);

    const posted = await send('POST', '/api/admin/announcements', { ...base, title: 'Languages', body: 'Hello **all**', severity: 'critical', translations });
    expect(posted.statusCode, posted.body).toBe(201);
    expect((posted.json() as AdminAnnouncement).translations).toEqual(translations);
    const read = async (query: string, headers: Record<string, string> = {}) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/announcements${query}`, headers: { cookie: noServer, ...headers } });
      return (res.json() as { announcements: CustomerAnnouncement[] }).announcements[0]!;
    };
    expect(await read('?lang=de')).toMatchObject({ title: 'Neues Panel', html: expect.stringContaining('<p>Hallo <strong>alle</strong></p>') });
    expect((await read('?lang=pt-BR')).title).toBe('Painel novo');
    expect((await read('?lang=fr')).title).toBe('Languages');
    // Without ?lang, the language the request asks for.
    expect((await read('', { 'accept-language': 'de-AT,de;q=0.9' })).title).toBe('Neues Panel');
    expect((await read('?lang=xx')).title).toBe('Languages');
    const [audit] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'announcement.posted'), eq(auditLog.targetId, (posted.json() as AdminAnnouncement).id)));
    expect(audit!.after).toMatchObject({ languages: ['de', 'pt-BR'] });
  });
});
