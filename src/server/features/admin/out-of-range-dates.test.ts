import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, createTestApp, dbKinds, type TestContext } from '../../test/test-app';

/**
 * Dates the database cannot store (year 0000, month 99) or that do not exist (31 February) are
 * refused with a 400 naming the field, on every staff form and filter that takes one; they used to
 * reach the query and answer 500.
 */
describe.each(dbKinds)('out-of-range dates staff give on %s', (kind) => {
  let t: TestContext;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = (await createSignedInUser(t, { role: 'admin' })).cookie;
  });
  afterAll(async () => t?.close());

  const send = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: admin }, ...(payload ? { payload } : {}) });
  function refused(res: { statusCode: number; json: () => unknown }, field: string) {
    expect(res.statusCode).toBe(400);
    const body = res.json() as { error: { code: string; fields: Record<string, string> } };
    expect(body.error.code).toBe('validation_failed');
    expect(body.error.fields[field]).toMatch(/1970 and 9999/);
  }

  it('in the list filters and the tax report', async () => {
    for (const list of ['orders', 'invoices', 'audit']) {
      refused(await send('GET', `/api/admin/${list}?from=0000-01-01`), 'from');
      refused(await send('GET', `/api/admin/${list}?to=9999-99-99`), 'to');
      refused(await send('GET', `/api/admin/${list}?from=2026-02-31`), 'from');
    }
    refused(await send('GET', '/api/admin/customers?since=0000-01-01'), 'since');
    refused(await send('GET', '/api/admin/tax-report.csv?from=0000-01-01&to=0000-12-31'), 'from');
    expect((await send('GET', '/api/admin/tax-report.csv?from=2026-01-01&to=2026-12-31')).statusCode).toBe(200);
  });

  it('in announcements and news', async () => {
    const announcement = { title: 'Planned work', body: 'We move nodes.', startsAt: '0000-01-01T00:00:00Z', reason: 'Planned move' };
    refused(await send('POST', '/api/admin/announcements', announcement), 'startsAt');
    const news = { kind: 'news', slug: 'year-zero', language: 'en', title: 'Year zero', summary: 'A summary', body: '# Year zero\nText', status: 'published' };
    refused(await send('PUT', '/api/admin/articles', { ...news, publishedAt: '0000-01-01T00:00:00Z' }), 'publishedAt');
    // A back-dated post is fine: an imported archive keeps its dates.
    expect((await send('PUT', '/api/admin/articles', { ...news, publishedAt: '2019-05-01T09:00:00Z' })).statusCode).toBe(200);
  });
});
