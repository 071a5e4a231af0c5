import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeClientRoutes } from '../../../../scripts/client-routes';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { seedCatalog } from '../../features/catalog/catalog.repository';
import { createTestApp, dbKinds, manualClock, openTestDatabase, type TestContext } from '../../test/test-app';

describe.each(dbKinds)('built-in mailbox on %s', (kind) => {
  let t: TestContext;
  const clock = manualClock();
  beforeAll(async () => {
    t = await createTestApp(kind, { clock, env: { BRAND_NAME: 'Blockforge' } });
    await t.app.mailer.send({
      to: 'first@example.test',
      subject: 'Older <b>subject</b>',
      text: 'Open https://play.example.test/auth/verify?token=abc_123 to continue. <script>alert(1)</script>',
      html: '<p>hi</p>',
    });
    clock.advance(1000);
    await t.app.mailer.send({ to: 'second@example.test', subject: 'Newer', text: 'Second', html: '<p>2</p>' });
  });
  afterAll(async () => t?.close());

  it('lists emails newest first as JSON, optionally for one recipient', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/dev/mailbox' });
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.map((m: { subject: string }) => m.subject)).toEqual(['Newer', 'Older <b>subject</b>']);
    expect(list[0]).toEqual({
      id: expect.any(String),
      to: 'second@example.test',
      subject: 'Newer',
      text: 'Second',
      html: '<p>2</p>',
      status: 'sent',
      attachments: [],
      createdAt: new Date(clock.now()).toISOString(),
    });
    const one = await t.app.inject({ method: 'GET', url: '/api/dev/mailbox?to=FIRST@example.test' });
    expect(one.json()).toHaveLength(1);
  });

  it('renders a branded page with escaped content and clickable links', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const html = res.body;
    expect(html).toContain('<title>Blockforge mailbox</title>');
    expect(html.indexOf('Newer')).toBeLessThan(html.indexOf('Older'));
    expect(html).toContain('Older &lt;b&gt;subject&lt;/b&gt;');
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('<a href="https://play.example.test/auth/verify?token=abc_123">');
    expect(html).toContain('To <strong>first@example.test</strong>');
  });
});

describe.each(dbKinds)('built-in mailbox in production on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(kind, { env: { NODE_ENV: 'production', PUBLIC_URL: 'https://play.example.test' } });
  });
  afterAll(async () => t?.close());

  it('is not mounted', async () => {
    for (const url of ['/dev/mailbox', '/api/dev/mailbox']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('mailbox</title>');
    }
  });
});

describe.each(dbKinds)('the mailbox with the built client served on %s', (kind) => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'sp-mailbox-'));
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
    writeClientRoutes(dir);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  async function mailboxAnswers(env: Record<string, string>) {
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: path.join(dir, 'data'), ...env });
    const { database, dispose } = await openTestDatabase(kind);
    await seedCatalog(database.db);
    const app = await buildApp({ config, database, clientDir: dir, logger: false });
    try {
      await app.ready();
      const page = await app.inject({ method: 'GET', url: '/dev/mailbox' });
      const api = await app.inject({ method: 'GET', url: '/api/dev/mailbox' });
      return { page, api };
    } finally {
      await app.close();
      await dispose();
    }
  }

  it('is there while the built-in mailer sends', async () => {
    const { page, api } = await mailboxAnswers({});
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('mailbox</title>');
    expect(api.statusCode).toBe(200);
  });

  it.each([
    ['in production', { NODE_ENV: 'production', PUBLIC_URL: 'https://play.example.test' }],
    ['when SMTP_URL is set', { SMTP_URL: 'smtp://127.0.0.1:2525' }],
  ])('answers 404 %s, neither the page nor the app shell', async (_, env) => {
    const { page, api } = await mailboxAnswers(env);
    expect(page.statusCode).toBe(404);
    expect(page.body).not.toContain('mailbox</title>');
    expect(api.statusCode).toBe(404);
    expect(api.json().error.code).toBe('not_found');
  });
});
