import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerApiNotFound, registerErrorHandler } from './error-handler';
import { badRequest, conflict, HttpError, notFound } from './errors';

const secret = 'password=hunter2 at /srv/app/src/server/db/client.ts:42';

describe('the error handler', () => {
  let app: FastifyInstance;
  const logLines: Record<string, unknown>[] = [];

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) logLines.push(JSON.parse(line));
        done();
      },
    });
    const server = Fastify({ logger: { level: 'error', stream } }).withTypeProvider<ZodTypeProvider>();
    server.setValidatorCompiler(validatorCompiler);
    server.setSerializerCompiler(serializerCompiler);
    registerErrorHandler(server);
    registerApiNotFound(server);
    server.get('/boom', async () => {
      throw new Error(secret);
    });
    server.get('/boom-async', async () => {
      await Promise.resolve();
      throw new TypeError(`Cannot read properties of undefined (reading '${secret}')`);
    });
    server.get('/upstream', async () => {
      throw Object.assign(new Error(secret), { statusCode: 502 });
    });
    server.get('/missing', async () => {
      throw notFound('No such server');
    });
    server.get('/taken', async () => {
      throw conflict('That name is taken');
    });
    server.get('/bad', async () => {
      throw badRequest('Check the form', { name: 'Too short' });
    });
    server.get('/teapot', async () => {
      throw new HttpError(418, 'teapot', 'I am a teapot');
    });
    server.post('/echo', { schema: { body: z.object({ nested: z.object({ count: z.number() }) }) } }, async (req) => req.body);
    server.post('/prices', { schema: { body: z.object({ prices: z.record(z.string().refine((c) => ['eur', 'jpy'].includes(c), 'Not a currency the shop can sell in'), z.number()) }) } }, async (req) => req.body);
    app = server as unknown as FastifyInstance;
    await app.ready();
  });
  afterAll(async () => app?.close());

  it.each(['/boom', '/boom-async', '/upstream'])('answers %s with a generic 500 and no internals', async (url) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      error: { code: 'internal', message: 'Something went wrong on our side. Please try again.' },
    });
    expect(res.body).not.toContain('hunter2');
    expect(res.body).not.toMatch(/stack|\.ts:\d+|at /);
  });

  it('logs a 5xx with the request context', async () => {
    logLines.length = 0;
    await app.inject({ method: 'GET', url: '/boom' });
    const entry = logLines.find((l) => l.msg === 'request failed');
    expect(entry).toMatchObject({ url: '/boom', method: 'GET' });
    expect(JSON.stringify(entry)).toContain('hunter2');
  });

  it('does not log a 4xx as an error', async () => {
    logLines.length = 0;
    await app.inject({ method: 'GET', url: '/missing' });
    expect(logLines.filter((l) => l.msg === 'request failed')).toEqual([]);
  });

  it.each([
    ['/missing', 404, { code: 'not_found', message: 'No such server' }],
    ['/taken', 409, { code: 'conflict', message: 'That name is taken' }],
    ['/bad', 400, { code: 'bad_request', message: 'Check the form', fields: { name: 'Too short' } }],
    ['/teapot', 418, { code: 'teapot', message: 'I am a teapot' }],
  ])('turns a typed error on %s into %i {error}', async (url, status, error) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ error });
  });

  it('answers a schema failure with 400 and dotted field paths', async () => {
    const res = await app.inject({ method: 'POST', url: '/echo', payload: { nested: { count: 'three' } } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'validation_failed', fields: { 'nested.count': expect.any(String) } });
  });

  it("names what is wrong with a record's key, not Zod's bare 'Invalid key in record'", async () => {
    const res = await app.inject({ method: 'POST', url: '/prices', payload: { prices: { xyz: 100 } } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ fields: { 'prices.xyz': 'Not a currency the shop can sell in' } });
  });

  it('answers an unknown route with 404 {error}', async () => {
    const res = await app.inject({ method: 'GET', url: '/nowhere?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'not_found', message: 'No route for GET /nowhere' } });
  });
});
