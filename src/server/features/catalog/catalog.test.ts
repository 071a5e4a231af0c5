import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKinds, type TestContext } from '../../test/test-app';

const validChoice = { game: 'minecraft', plan: 'minecraft-4gb', period: 'monthly', location: 'us-west', addons: {} };

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

  it('serves vCPU as a number, keeping half a vCPU', async () => {
    const body = (await t.app.inject({ method: 'GET', url: '/api/catalog' })).json();
    const small = body.plans.find((p: { id: string }) => p.id === 'minecraft-1gb');
    expect(small).toMatchObject({ vcpu: 0.5, ramGb: 1, diskGb: 10, priceCents: 350 });
    expect(body.plans.every((p: { active?: unknown }) => p.active === undefined)).toBe(true);
    expect(body.packs.find((p: { id: string }) => p.id === 'essentials').slug).toBe('spawnpoint-essentials');
  });

  it('answers 400 with fields["addons.x"] for an unknown add-on', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/quote',
      payload: { ...validChoice, addons: { x: 1 } },
    });
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error.code).toBe('bad_request');
    expect(error.fields).toHaveProperty(['addons.x']);
  });

  it("answers 400 with fields.plan for another game's plan", async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/quote', payload: { ...validChoice, plan: 'fivem-2gb' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty('plan');
  });

  it('answers 400, not 500, for a body that is not JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/quote',
      headers: { 'content-type': 'application/json' },
      payload: '{"game": "minecraft",',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/not valid JSON/);
    expect(res.json().error.code).toBe('invalid_json');
  });

  it('answers 400, not 500, for a body sent as plain text', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/quote',
      headers: { 'content-type': 'text/plain' },
      payload: 'game=minecraft',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('error.code');
  });

  it.each(['', 'null', '[]'])('answers 400, not 500, for the JSON body %j', async (payload) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/quote',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(res.statusCode).toBe(400);
  });

  it('answers 400 for a negative add-on quantity', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/quote',
      payload: { ...validChoice, addons: { 'additional-ssd': -1 } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty(['addons.additional-ssd']);
  });

  it('answers 400 for a fractional add-on quantity', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/quote',
      payload: { ...validChoice, addons: { 'additional-ssd': 1.5 } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty(['addons.additional-ssd']);
  });

  it('answers 400 naming every field of the wrong type', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/quote',
      payload: { game: 1, plan: true, period: [], location: null, addons: 'lots' },
    });
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error.code).toBe('validation_failed');
    expect(Object.keys(error.fields).sort()).toEqual(['addons', 'game', 'location', 'period', 'plan']);
  });

  it('answers 400 for an add-on quantity that is a string', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/quote',
      payload: { ...validChoice, addons: { 'additional-ssd': '2' } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty(['addons.additional-ssd']);
  });

  it('ignores any amount the client sends and prices from the catalog', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/quote',
      payload: { ...validChoice, totalCents: 1, priceCents: 1 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().totalCents).toBe(1400);
  });
});
