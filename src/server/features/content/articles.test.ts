import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminArticle, ArticleSummary, ArticleVersion, ArticleView, HelpIndex } from '../../../shared/schemas/articles';
import { auditLog } from '../../db/schema';
import { randomIds } from '../../lib/runtime';
import { createSignedInUser, createTestApp, dbKinds, manualClock, type TestContext } from '../../test/test-app';
import { publicArticles, searchHelp } from './articles.service';

describe.each(dbKinds)('news and the help centre on %s', (kind) => {
  let t: TestContext;
  const clock = manualClock(new Date('2030-01-15T12:00:00Z'));
  let support: string;
  let customer: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { clock });
    support = (await createSignedInUser(t, { role: 'support' })).cookie;
    customer = (await createSignedInUser(t)).cookie;
  });
  afterAll(async () => t?.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const put = (url: string, payload: object, cookie = support) => t.app.inject({ method: 'PUT', url, payload, headers: { cookie } });
  const article = { kind: 'help', slug: 'connect-with-sftp', language: 'en', category: 'technical', title: 'Connect with SFTP', summary: 'Upload worlds and mods.', body: 'Use **FileZilla** on port 2022 with {{shop.name}}.', status: 'published' };

  it('ships the FAQ as sample help articles and the old blog as sample news, with variables filled in', async () => {
    const index = (await get('/api/help?lang=en')).json() as HelpIndex;
    expect(index.categories.map((c) => c.slug)).toEqual(['general', 'technical', 'billing']);
    expect(index.articles.length).toBe(19);
    expect(index.articles.every((a) => a.sample)).toBe(true);
    const refund = (await get('/api/help/articles/refund?lang=en')).json() as ArticleView;
    expect(refund.html).toContain('48-hour money-back guarantee');
    expect(((await get('/api/help/articles/what-is?lang=en')).json() as ArticleView).title).toBe('What is Spawnpoint?');
    // The FAQ ships in every language (decision 079), marked sample, its variables filled in.
    const what = (await get('/api/help/articles/what-is?lang=de')).json() as ArticleView;
    expect(what).toMatchObject({ title: 'Was ist Spawnpoint?', language: 'de', sample: true });
    const german = (await get('/api/help?lang=de')).json() as HelpIndex;
    expect(german).toMatchObject({ categories: [{ slug: 'general', title: 'Allgemein' }, {}, {}] });
    expect(german.articles.map((a) => a.slug)).toEqual(index.articles.map((a) => a.slug));
    expect(german.articles.every((a) => a.language === 'de' && a.sample)).toBe(true);
    expect(((await get('/api/help/articles/refund?lang=de')).json() as ArticleView).html).toContain('48-Stunden-Geld-zurück-Garantie');
    for (const lang of ['fr', 'es', 'pt-BR']) {
      const list = ((await get(`/api/help?lang=${lang}`)).json() as HelpIndex).articles;
      expect(list.filter((a) => a.language === lang && a.sample)).toHaveLength(19);
    }
    // What the product does not back is gone from the English too: no SLA tiers, no round-the-clock claim.
    expect(((await get('/api/help/articles/uptime?lang=en')).json() as ArticleView).html).not.toContain('tier');
    expect(((await get('/api/help/articles/what-is?lang=en')).json() as ArticleView).html).not.toContain('around the clock');
    const news = (await get('/api/news')).json() as { articles: ArticleSummary[] };
    expect(news.articles.map((a) => a.slug)).toEqual(['minecraft-server-lag-guide', 'start-a-fivem-roleplay-community', 'palworld-dedicated-server-setup']);
    expect(((await get('/api/news/minecraft-server-lag-guide')).json() as ArticleView).html).toContain('<h2>Three kinds of lag</h2>');
    expect((await get('/api/news/nope')).statusCode).toBe(404);
    // The sample posts too (migration 0052), same order, marked sample.
    const germanNews = ((await get('/api/news?lang=de')).json() as { articles: ArticleSummary[] }).articles;
    expect(germanNews.map((a) => [a.slug, a.language, a.sample])).toEqual(news.articles.map((a) => [a.slug, 'de', true]));
    expect(((await get('/api/news/minecraft-server-lag-guide?lang=de')).json() as ArticleView).html).toContain('<h2>Drei Arten von Lag</h2>');
    for (const lang of ['fr', 'es', 'pt-BR']) {
      const posts = ((await get(`/api/news?lang=${lang}`)).json() as { articles: ArticleSummary[] }).articles;
      expect(posts.every((a) => a.language === lang && a.sample)).toBe(true);
    }
  });

  it('searches title, summary and text case-insensitively, every word, with wildcards taken literally', async () => {
    const search = async (q: string, lang = 'en') => {
      const res = await get(`/api/help/search?lang=${lang}&q=${encodeURIComponent(q)}`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { articles: ArticleSummary[] }).articles.map((a) => a.slug);
    };
    expect(await search('REFUND')).toContain('refund');
    expect((await search('refund'))[0]).toBe('refund'); // the title match first
    expect(await search('ddos ATTACKS')).toContain('ddos');
    expect(await search('%%')).toEqual([]);
    expect(await search('__')).toEqual([]);
    expect(await search('zzzz nothing')).toEqual([]);
    expect((await get('/api/help/search?q=a')).statusCode).toBe(400);
  });

  it('lets support write articles per language, refuses bad input, and audits each change', async () => {
    expect((await put('/api/admin/articles', article, customer)).statusCode).toBe(403);
    const bad = await put('/api/admin/articles', { ...article, slug: 'Not A Slug', category: null });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('lower-case letters');
    const unknownCategory = await put('/api/admin/articles', { ...article, category: 'nope' });
    expect(unknownCategory.statusCode).toBe(400);
    expect(unknownCategory.body).toContain('That category does not exist');
    const unknownVariable = await put('/api/admin/articles', { ...article, body: 'Hi {{seller.phone}}' });
    expect(unknownVariable.statusCode).toBe(400);
    expect(unknownVariable.body).toContain('{{seller.phone}}');
    const newsWithoutDate = await put('/api/admin/articles', { ...article, kind: 'news', category: null, slug: 'launch' });
    expect(newsWithoutDate.body).toContain('Choose the publication date');

    const saved = await put('/api/admin/articles', article);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ sample: false, status: 'published', publishedAt: clock.now().toISOString() });
    expect((await get('/api/help/search?q=filezilla')).json()).toMatchObject({ articles: [{ slug: 'connect-with-sftp', title: 'Connect with SFTP' }] });
    const view = (await get('/api/help/articles/connect-with-sftp')).json() as ArticleView;
    expect(view.html).toBe('<p>Use <strong>FileZilla</strong> on port 2022 with Spawnpoint.</p>\n');

    // A new article from the form at an address already taken in its language is refused, not written over it.
    const taken = await put('/api/admin/articles', { ...article, title: 'Something else', body: 'Other text', create: true });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ error: { code: 'already_exists', fields: { slug: expect.stringContaining('/help/connect-with-sftp in English: “Connect with SFTP”') } } });
    expect(((await get('/api/help/articles/connect-with-sftp')).json() as ArticleView).title).toBe('Connect with SFTP');

    // A German text of its own; other languages keep showing the English.
    await put('/api/admin/articles', { ...article, language: 'de', title: 'Mit SFTP verbinden', body: 'Nutze FileZilla.' });
    expect(((await get('/api/help/articles/connect-with-sftp?lang=de')).json() as ArticleView).title).toBe('Mit SFTP verbinden');
    expect(((await get('/api/help/articles/connect-with-sftp?lang=fr')).json() as ArticleView).title).toBe('Connect with SFTP');

    // A draft, and a post scheduled for later, are not public.
    await put('/api/admin/articles', { ...article, slug: 'draft-one', status: 'draft' });
    expect((await get('/api/help/articles/draft-one')).statusCode).toBe(404);
    await put('/api/admin/articles', { ...article, kind: 'news', category: null, slug: 'launch', publishedAt: new Date(clock.now().getTime() + 60_000).toISOString() });
    expect((await get('/api/news/launch')).statusCode).toBe(404);
    clock.advance(61_000);
    expect(((await get('/api/news')).json() as { articles: ArticleSummary[] }).articles[0]!.slug).toBe('launch');

    // Saving a sample makes it the host's own.
    const list = (await t.app.inject({ method: 'GET', url: '/api/admin/articles/help', headers: { cookie: support } })).json() as { articles: AdminArticle[] };
    const refund = list.articles.find((a) => a.slug === 'refund' && a.language === 'en')!;
    expect(refund.sample).toBe(true);
    await put('/api/admin/articles', { ...refund, reason: undefined, publishedAt: refund.publishedAt, body: refund.body });
    expect(((await get('/api/help/articles/refund')).json() as ArticleView).sample).toBe(false);

    const del = await t.app.inject({ method: 'DELETE', url: '/api/admin/articles/help/draft-one/en', headers: { cookie: support } });
    expect(del.statusCode).toBe(204);
    const audit = await t.database.db.select().from(auditLog).where(and(eq(auditLog.targetType, 'article')));
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['article.created', 'article.edited', 'article.deleted']));
  });

  it('keeps each save as a version (who, when, why), and restores an earlier one as a new version, audited', async () => {
    const versionsUrl = '/api/admin/articles/help/versioned-guide/en/versions';
    const guide = { ...article, slug: 'versioned-guide', title: 'First words', body: 'The first text.' };
    expect((await put('/api/admin/articles', { ...guide, create: true })).statusCode).toBe(200);
    clock.advance(60_000);
    const secondAt = clock.now().toISOString();
    expect((await put('/api/admin/articles', { ...guide, title: 'Second words', body: 'The second text.', reason: 'Clearer steps' })).statusCode).toBe(200);
    clock.advance(60_000);
    expect((await put('/api/admin/articles', { ...guide, title: 'Third words', body: 'The third text.', status: 'draft' })).statusCode).toBe(200);

    const listed = await t.app.inject({ method: 'GET', url: versionsUrl, headers: { cookie: support } });
    expect(listed.statusCode, listed.body).toBe(200);
    const versions = (listed.json() as { versions: ArticleVersion[] }).versions;
    expect(versions.map((v) => [v.version, v.title, v.status, v.reason, v.restoredFrom])).toEqual([
      [3, 'Third words', 'draft', null, null],
      [2, 'Second words', 'published', 'Clearer steps', null],
      [1, 'First words', 'published', null, null],
    ]);
    expect(versions[1]).toMatchObject({ body: 'The second text.', authorEmail: expect.stringContaining('@'), createdAt: secondAt });

    const restored = await t.app.inject({ method: 'POST', url: '/api/admin/articles/help/versioned-guide/en/restore', headers: { cookie: support }, payload: { version: 2, reason: 'The draft was a mistake' } });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ title: 'Second words', body: 'The second text.', status: 'published' });
    expect(((await get('/api/help/articles/versioned-guide?lang=en')).json() as ArticleView).title).toBe('Second words');
    const after = ((await t.app.inject({ method: 'GET', url: versionsUrl, headers: { cookie: support } })).json() as { versions: ArticleVersion[] }).versions;
    expect(after[0]).toMatchObject({ version: 4, title: 'Second words', restoredFrom: 2, reason: 'The draft was a mistake' });
    expect(after).toHaveLength(4);

    const id = (restored.json() as AdminArticle).id;
    const audit = await t.database.db.select().from(auditLog).where(and(eq(auditLog.targetType, 'article'), eq(auditLog.targetId, id)));
    expect(audit.map((a) => a.action)).toEqual(['article.created', 'article.edited', 'article.edited', 'article.restored']);
    expect(audit.at(-1)).toMatchObject({ reason: 'The draft was a mistake', after: expect.objectContaining({ version: 4, restoredFrom: 2 }) });

    const restore = (payload: object, url = '/api/admin/articles/help/versioned-guide/en/restore', cookie = support) =>
      t.app.inject({ method: 'POST', url, headers: { cookie }, payload });
    expect((await restore({ version: 9 })).statusCode).toBe(404);
    expect((await restore({ version: 0 })).statusCode).toBe(400);
    expect((await restore({ version: 1 }, '/api/admin/articles/help/no-such-article/en/restore')).statusCode).toBe(404);
    expect((await restore({ version: 1 }, undefined, customer)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: versionsUrl, headers: { cookie: customer } })).statusCode).toBe(403);

    // Deleting the article takes its history with it (the audit log keeps the deletion).
    expect((await t.app.inject({ method: 'DELETE', url: '/api/admin/articles/help/versioned-guide/en', headers: { cookie: support } })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: versionsUrl, headers: { cookie: support } })).statusCode).toBe(404);
    expect(await t.database.query('select 1 from article_versions where article_id = $1', [id])).toEqual([]);
  });

  it('starts the history of the articles shipped before versions with their text as version 1', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/articles/help/what-is/en/versions', headers: { cookie: support } });
    expect(res.statusCode, res.body).toBe(200);
    const [first, ...rest] = (res.json() as { versions: ArticleVersion[] }).versions;
    expect(rest).toEqual([]);
    expect(first).toMatchObject({ version: 1, sample: true, reason: null });
    expect(first!.title).toBe('What is {{shop.name}}?');
    // The FAQ's other languages (migration 0050) start theirs the same way.
    const german = await t.app.inject({ method: 'GET', url: '/api/admin/articles/help/what-is/de/versions', headers: { cookie: support } });
    expect((german.json() as { versions: ArticleVersion[] }).versions).toMatchObject([{ version: 1, sample: true, title: 'Was ist {{shop.name}}?' }]);

    // Restored by staff, the shipped text is theirs, as a save makes it, and stays published in production.
    const restored = await t.app.inject({ method: 'POST', url: '/api/admin/articles/help/what-is/en/restore', headers: { cookie: support }, payload: { version: 1 } });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ sample: false, status: 'published', title: 'What is {{shop.name}}?' });
  });

  it('keeps categories with articles, and deletes empty ones', async () => {
    const created = await put('/api/admin/help-categories', { slug: 'minecraft', titles: { en: 'Minecraft', de: 'Minecraft' } });
    expect(created.statusCode, created.body).toBe(200);
    expect((await put('/api/admin/help-categories', { slug: 'x-y', titles: { de: 'Nur Deutsch' } })).statusCode).toBe(400);
    const inUse = await t.app.inject({ method: 'DELETE', url: '/api/admin/help-categories/technical', headers: { cookie: support } });
    expect(inUse.statusCode).toBe(409);
    const empty = await t.app.inject({ method: 'DELETE', url: '/api/admin/help-categories/minecraft', headers: { cookie: support } });
    expect(empty.statusCode).toBe(204);
  });

  it('in production publishes no sample article', async () => {
    const deps = { db: t.database.db, clock, ids: randomIds, production: true };
    const news = await publicArticles(deps, 'news', 'en');
    expect(news.map((a) => a.slug)).toEqual(['launch']);
    const help = await publicArticles(deps, 'help', 'en');
    expect(help.every((a) => !a.sample)).toBe(true);
    // what-is is the shipped sample that staff restored above: theirs now, so it is published.
    expect(help.map((a) => a.slug).sort()).toEqual(['connect-with-sftp', 'refund', 'what-is']);
    expect((await searchHelp(deps, 'en', 'money-back')).map((a) => a.slug)).toEqual(['refund']);
  });
});
