import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKinds, type TestContext } from '../../test/test-app';

describe.each(dbKinds)('catalog API on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t?.close());

  it('serves the seeded catalog', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/catalog' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.games.map((g: { slug: string }) => g.slug)).toEqual(['minecraft', 'fivem', 'palworld']);
    expect(body.plans).toHaveLength(11);
  });

  it('quotes a choice in cents', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/quote',
      payload: { game: 'minecraft', plan: 'minecraft-4gb', period: '3months', location: 'us-west', addons: { 'additional-ssd': 2 } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ monthlyCents: 1900, subtotalCents: 5700, totalCents: 5415, savingsCents: 285 });
  });

  it('answers 400 with fields for bad input', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/quote', payload: { game: 'minecraft', plan: 'nope' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty('period');
  });
});
