import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArticleSummary, ArticleView, HelpIndex } from '../../../shared/schemas/articles';
import { randomIds } from '../../lib/runtime';
import { createSignedInUser, createTestApp, dbKinds, manualClock, type TestContext } from '../../test/test-app';
import { createArticlePages, type ArticlePageAnswer } from './article-pages';

describe.each(dbKinds)('the news and help pages the server renders (decision 070) on %s', (kind) => {
  let t: TestContext;
  const clock = manualClock(new Date('2030-01-15T12:00:00Z'));
  let support: string;
  let pages: ReturnType<typeof createArticlePages>;

  beforeAll(async () => {
    t = await createTestApp(kind, { clock });
    support = (await createSignedInUser(t, { role: 'support' })).cookie;
    pages = createArticlePages({ db: t.database.db, clock, ids: randomIds, production: false, now: () => clock.now().getTime() });
  });
  afterAll(async () => t?.close());

  const save = async (payload: object) => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/admin/articles', payload, headers: { cookie: support } });
    expect(res.statusCode, res.body).toBe(200);
    pages.clear();
  };
  const german = { kind: 'help', slug: 'erste-schritte', language: 'de', category: 'general', title: 'Erste Schritte', summary: 'So starten Sie.', body: 'Melden Sie sich an.', status: 'published' };
  const resolve = (route: '/help' | '/help/:slug' | '/blog' | '/blog/:slug', options: { slug?: string; prefix?: 'en' | 'de' | 'fr'; visitor?: 'en' | 'de' | 'fr' } = {}) =>
    pages.resolve({ route, slug: options.slug, prefix: options.prefix, visitor: options.visitor ?? 'en', defaultLocale: 'en', brandName: 'Spawnpoint' });
  const page = (answer: ArticlePageAnswer) => {
    if (!('page' in answer)) throw new Error(`not a page: ${JSON.stringify(answer)}`);
    return answer.page;
  };

  it('renders the help centre and news in every language, the shipped FAQ and posts in its own words', async () => {
    const help = page(await resolve('/help'));
    expect(help.locale).toBe('en');
    expect(help.languages).toEqual(['en', 'de', 'fr', 'es', 'pt-BR']);
    expect((help.data['/help?lang=en'] as HelpIndex).articles).toHaveLength(19);
    const german = page(await resolve('/help', { prefix: 'de' }));
    // The shipped FAQ is German on /de/help (decision 079), marked sample.
    const germanFaq = (german.data['/help?lang=de'] as HelpIndex).articles;
    expect(germanFaq).toHaveLength(19);
    expect(germanFaq.every((a) => a.language === 'de' && a.sample)).toBe(true);
    expect(germanFaq.find((a) => a.slug === 'what-is')?.title).toBe('Was ist Spawnpoint?');
    const germanNews = page(await resolve('/blog', { prefix: 'de' }));
    const germanPosts = (germanNews.data['/news?lang=de'] as { articles: ArticleSummary[] }).articles;
    expect(germanPosts.map((a) => [a.language, a.sample])).toEqual([['de', true], ['de', true], ['de', true]]);
    expect(await resolve('/help', { visitor: 'de' })).toEqual({ redirect: '/de/help' });
    const news = page(await resolve('/blog'));
    expect(Object.keys(news.data)).toEqual(['/news?lang=en']);
    const post = page(await resolve('/blog/:slug', { slug: 'minecraft-server-lag-guide' }));
    expect(post.meta?.title).toBe('Minecraft Server Lag: How to Find It and Fix It | Spawnpoint');
    expect((post.data['/news/minecraft-server-lag-guide?lang=en'] as ArticleView).html).toContain('<h2>Three kinds of lag</h2>');
    expect(await resolve('/help/:slug', { slug: 'nope' })).toEqual({ missing: true });
    expect(await resolve('/help/:slug', { slug: 'Not A Slug' })).toEqual({ missing: true });
  });

  it('gives a language its own pages once an article is published in it, with only the languages that have it', async () => {
    await save(german);
    await save({ ...german, slug: 'english-only', language: 'en', title: 'Only in English', summary: 'Not in German.' });
    const index = page(await resolve('/help', { prefix: 'de' }));
    expect(index.locale).toBe('de');
    const listed = (index.data['/help?lang=de'] as HelpIndex).articles;
    expect(listed.find((a) => a.slug === 'erste-schritte')?.language).toBe('de');
    // One German has none in English; the shipped FAQ in German.
    expect(listed.find((a) => a.slug === 'english-only')?.language).toBe('en');
    expect(listed.find((a) => a.slug === 'refund')?.language).toBe('de');

    const article = page(await resolve('/help/:slug', { slug: 'erste-schritte', prefix: 'de' }));
    expect(article).toMatchObject({ locale: 'de', languages: ['de'], meta: { title: 'Erste Schritte | Spawnpoint', description: 'So starten Sie.' } });
    // Not in English: the bare address shows it in German; /en/… sends there.
    expect(page(await resolve('/help/:slug', { slug: 'erste-schritte' })).locale).toBe('de');
    expect(await resolve('/help/:slug', { slug: 'erste-schritte', prefix: 'en' })).toEqual({ redirect: '/help/erste-schritte' });
    expect(page(await resolve('/help/:slug', { slug: 'english-only', prefix: 'en' })).languages).toEqual(['en']);
    expect(await resolve('/help/:slug', { slug: 'english-only', visitor: 'de' })).toMatchObject({ page: { locale: 'en' } });
    expect(page(await resolve('/help/:slug', { slug: 'refund', prefix: 'de' })).languages).toEqual(['en', 'de', 'fr', 'es', 'pt-BR']);
  });

  it('leaves drafts out, shows a scheduled article once its time comes, and drops one taken down', async () => {
    await save({ ...german, slug: 'entwurf', title: 'Entwurf', status: 'draft' });
    expect(await resolve('/help/:slug', { slug: 'entwurf', prefix: 'de' })).toEqual({ missing: true });

    await save({ ...german, slug: 'bald', title: 'Bald', publishedAt: '2030-01-15T13:00:00.000Z' });
    expect(await resolve('/help/:slug', { slug: 'bald', prefix: 'de' })).toEqual({ missing: true });
    expect((page(await resolve('/help', { prefix: 'de' })).data['/help?lang=de'] as HelpIndex).articles.map((a) => a.slug)).not.toContain('bald');
    clock.advance(60 * 60 * 1000 + 2500); // past its time, and past the cache's 2 s, without telling it
    expect(page(await resolve('/help/:slug', { slug: 'bald', prefix: 'de' })).meta?.title).toBe('Bald | Spawnpoint');
    expect((page(await resolve('/help', { prefix: 'de' })).data['/help?lang=de'] as HelpIndex).articles.map((a) => a.slug)).toContain('bald');

    support = (await createSignedInUser(t, { role: 'support' })).cookie; // the first one's staff session has timed out
    await save({ ...german, slug: 'bald', title: 'Bald', status: 'draft' });
    expect(await resolve('/help/:slug', { slug: 'bald', prefix: 'de' })).toEqual({ missing: true });
  });
});
