import { and, eq } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { articles, helpCategories } from '../../db/schema';
import { audited, type StaffActor } from '../../lib/audit';
import { isUniqueViolation } from '../../lib/db-errors';
import { HttpError, conflict, notFound } from '../../lib/errors';
import type { Clock, Ids } from '../../lib/runtime';
import {
  articleInputSchema,
  helpCategoryInputSchema,
  type AdminArticle,
  type ArticleInput,
  type ArticleRestore,
  type ArticleVersion,
  type ArticleKind,
  type ArticleSummary,
  type ArticleView,
  type HelpCategory,
  type HelpCategoryInput,
  type HelpIndex,
} from '../../../shared/schemas/articles';
import { contentLanguageLabels, contentLanguages, defaultContentLanguage, type ContentLanguage } from '../../../shared/schemas/content';
import { variableSources } from './content.render';
import {
  allCategories,
  articleCountIn,
  articleRow,
  articleVersionRow,
  articleVersionRows,
  insertArticleVersion,
  articlesOfKind,
  categoryRow,
  publishedLanguages,
  publishedRows,
  searchRows,
  type ArticleRow,
  type ArticleVersionRow,
  type HelpCategoryRow,
} from './articles.repository';
import { renderMarkdown } from './markdown';
import { fillPlainVariables, fillVariables, unknownVariables, type VariableSources } from './variables';

export interface ArticleDeps {
  db: Db;
  clock: Clock;
  ids: Ids;
  /** In production the sample articles the product ships with are not published (decision 064). */
  production: boolean;
}

const kindLabel: Record<ArticleKind, string> = { news: 'News post', help: 'Help article' };

function languagesFor(language: ContentLanguage): string[] {
  return language === defaultContentLanguage ? [language] : [language, defaultContentLanguage];
}

/** One row per slug: the one in `language` when there is one, else the default language's, in the rows' order. */
function perSlug(rows: ArticleRow[], language: ContentLanguage): ArticleRow[] {
  const chosen = new Map<string, ArticleRow>();
  for (const row of rows) {
    const have = chosen.get(row.slug);
    if (!have || (have.language !== language && row.language === language)) chosen.set(row.slug, row);
  }
  const order = [...new Set(rows.map((r) => r.slug))];
  return order.map((slug) => chosen.get(slug)!);
}

function summaryOf(row: ArticleRow, sources: VariableSources): ArticleSummary {
  return {
    kind: row.kind,
    slug: row.slug,
    language: row.language as ContentLanguage,
    category: row.category,
    title: fillPlainVariables(row.title, sources, row.language as ContentLanguage),
    summary: fillPlainVariables(row.summary, sources, row.language as ContentLanguage),
    publishedAt: row.publishedAt?.toISOString() ?? null,
    sample: row.sample,
  };
}

function categoryView(row: HelpCategoryRow, language: ContentLanguage): HelpCategory {
  return { slug: row.slug, title: row.titles[language] || row.titles[defaultContentLanguage] || row.slug, position: row.position, sample: row.sample };
}

const includeSamples = (deps: ArticleDeps) => !deps.production;

/** The published posts of a kind in a language (else the default language's), newest first for news. */
export async function publicArticles(deps: ArticleDeps, kind: ArticleKind, language: ContentLanguage, category?: string): Promise<ArticleSummary[]> {
  const [rows, sources] = await Promise.all([
    publishedRows(deps.db, kind, languagesFor(language), deps.clock.now(), { category, includeSamples: includeSamples(deps) }),
    variableSources(deps),
  ]);
  const list = perSlug(rows, language).map((r) => summaryOf(r, sources));
  return kind === 'news' ? list.sort((a, b) => (b.publishedAt ?? '').localeCompare(a.publishedAt ?? '')) : list;
}

export async function helpIndex(deps: ArticleDeps, language: ContentLanguage): Promise<HelpIndex> {
  const [categories, list] = await Promise.all([allCategories(deps.db), publicArticles(deps, 'help', language)]);
  return { categories: categories.map((c) => categoryView(c, language)).filter((c) => list.some((a) => a.category === c.slug)), articles: list };
}

export async function publicArticle(deps: ArticleDeps, kind: ArticleKind, slug: string, language: ContentLanguage): Promise<ArticleView> {
  const [rows, sources] = await Promise.all([
    publishedRows(deps.db, kind, languagesFor(language), deps.clock.now(), { slug, includeSamples: includeSamples(deps) }),
    variableSources(deps),
  ]);
  const row = perSlug(rows, language)[0];
  if (!row) throw notFound(kind === 'news' ? 'There is no such post.' : 'There is no such help article.');
  return { ...summaryOf(row, sources), html: renderMarkdown(fillVariables(row.body, sources, row.language as ContentLanguage)), updatedAt: row.updatedAt.toISOString() };
}

/** The languages in which articles of a kind, or one article, are published now (decision 070: each has its page). */
export async function articleLanguages(deps: ArticleDeps, kind: ArticleKind, slug?: string): Promise<ContentLanguage[]> {
  const found = new Set(await publishedLanguages(deps.db, kind, deps.clock.now(), includeSamples(deps), slug));
  return contentLanguages.filter((l) => found.has(l));
}

export async function searchHelp(deps: ArticleDeps, language: ContentLanguage, query: string): Promise<ArticleSummary[]> {
  const [rows, sources] = await Promise.all([searchRows(deps.db, languagesFor(language), query, deps.clock.now(), includeSamples(deps)), variableSources(deps)]);
  return perSlug(rows, language)
    .slice(0, 20)
    .map((r) => summaryOf(r, sources));
}

function adminView(row: ArticleRow): AdminArticle {
  return {
    id: row.id,
    kind: row.kind,
    slug: row.slug,
    language: row.language as ContentLanguage,
    category: row.category,
    title: row.title,
    summary: row.summary,
    body: row.body,
    status: row.status,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    sample: row.sample,
    position: row.position,
    authorEmail: row.authorEmail,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function adminArticles(deps: ArticleDeps, kind: ArticleKind) {
  const [rows, categories] = await Promise.all([articlesOfKind(deps.db, kind), allCategories(deps.db)]);
  return { articles: rows.map(adminView), categories: categories.map((c) => categoryView(c, defaultContentLanguage)) };
}

/** The sample articles still published, for the staff home. */
export async function sampleArticles(deps: Pick<ArticleDeps, 'db'>): Promise<{ kind: ArticleKind; slug: string; title: string }[]> {
  const rows = await deps.db
    .select()
    .from(articles)
    .where(and(eq(articles.sample, true), eq(articles.status, 'published'), eq(articles.language, defaultContentLanguage)));
  return rows.map((r) => ({ kind: r.kind, slug: r.slug, title: r.title }));
}

function checkVariables(...texts: string[]) {
  const unknown = [...new Set(texts.flatMap(unknownVariables))];
  if (unknown.length === 0) return;
  const message = `Unknown variable${unknown.length > 1 ? 's' : ''} ${unknown.map((n) => `{{${n}}}`).join(', ')}. Use one of the variables listed beside the editor.`;
  throw new HttpError(400, 'validation_failed', message, { body: message });
}

function auditSummary(r: Pick<ArticleRow, 'title' | 'status' | 'publishedAt' | 'category' | 'sample' | 'body'>) {
  return { title: r.title, status: r.status, publishedAt: r.publishedAt?.toISOString() ?? null, category: r.category, sample: r.sample, characters: r.body.length };
}

/** Every save is a version (decision 074): the article as it now stands, who saved it, when and why. */
function recordVersion(tx: Executor, saved: ArticleRow, actor: StaffActor, how: { reason: string | null; restoredFrom: number | null; at: Date }) {
  return insertArticleVersion(tx, {
    articleId: saved.id,
    title: saved.title,
    summary: saved.summary,
    body: saved.body,
    category: saved.category,
    status: saved.status,
    publishedAt: saved.publishedAt,
    position: saved.position,
    sample: saved.sample,
    reason: how.reason,
    authorId: actor.id,
    authorEmail: actor.email,
    restoredFrom: how.restoredFrom,
    createdAt: how.at,
  });
}

function versionView(row: ArticleVersionRow): ArticleVersion {
  return {
    version: row.version,
    sample: row.sample,
    authorEmail: row.authorEmail,
    createdAt: row.createdAt.toISOString(),
    restoredFrom: row.restoredFrom,
    reason: row.reason,
    title: row.title,
    summary: row.summary,
    body: row.body,
    category: row.category,
    status: row.status,
    publishedAt: row.publishedAt?.toISOString() ?? null,
  };
}

async function existingArticle(db: Executor, kind: ArticleKind, slug: string, language: ContentLanguage): Promise<ArticleRow> {
  const row = await articleRow(db, kind, slug, language);
  if (!row) throw notFound('That article does not exist.');
  return row;
}

/** An article's versions in one language, newest first: the first is what it says now. */
export async function articleVersions(deps: Pick<ArticleDeps, 'db'>, kind: ArticleKind, slug: string, language: ContentLanguage): Promise<ArticleVersion[]> {
  const row = await existingArticle(deps.db, kind, slug, language);
  return (await articleVersionRows(deps.db, row.id)).map(versionView);
}

/**
 * Makes an earlier version the article again (its text, category, state and date), as a new
 * version, so the history is never rewritten; audited as `article.restored`.
 */
export async function restoreArticle(
  deps: ArticleDeps,
  actor: StaffActor,
  kind: ArticleKind,
  slug: string,
  language: ContentLanguage,
  input: ArticleRestore,
): Promise<AdminArticle> {
  const now = deps.clock.now();
  try {
    const row = await audited(deps, actor, async (tx) => {
      const before = await existingArticle(tx, kind, slug, language);
      const source = await articleVersionRow(tx, before.id, input.version);
      if (!source) throw notFound(`Version ${input.version} of this article does not exist.`);
      // Variables renamed or removed since that version was saved are refused as a save's are.
      checkVariables(source.title, source.summary, source.body);
      if (source.category && !(await categoryRow(tx, source.category))) {
        throw conflict(`Version ${input.version} is in the category '${source.category}', which has since been deleted. Create it again, or edit the article instead.`);
      }
      const [saved] = await tx
        .update(articles)
        .set({
          title: source.title,
          summary: source.summary,
          body: source.body,
          category: source.category,
          status: source.status,
          publishedAt: source.publishedAt,
          position: source.position,
          // Restored by staff, it is theirs, as a save makes it: a shipped sample version brought
          // back would otherwise drop off the site in production while the console shows it published.
          sample: false,
          authorId: actor.id,
          authorEmail: actor.email,
          updatedAt: now,
        })
        .where(eq(articles.id, before.id))
        .returning();
      const version = await recordVersion(tx, saved!, actor, { reason: input.reason || null, restoredFrom: source.version, at: now });
      return {
        result: saved!,
        audit: {
          action: 'article.restored',
          targetType: 'article' as const,
          targetId: before.id,
          targetLabel: `${kindLabel[kind]} ${slug} (${language})`,
          before: auditSummary(before),
          after: { ...auditSummary(saved!), version: version.version, restoredFrom: source.version },
          reason: input.reason ?? null,
        },
      };
    });
    return adminView(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('Someone saved this article at the same moment. Reload to see their version.');
    throw error;
  }
}

/**
 * Saves an article in one language: a new one, or a change to the one at the same address. A
 * staff save makes it the host's own (no longer sample): they have read what they publish.
 */
export async function saveArticle(deps: ArticleDeps, actor: StaffActor, input: ArticleInput): Promise<AdminArticle> {
  const v = articleInputSchema.parse(input);
  checkVariables(v.title, v.summary, v.body);
  if (v.kind === 'help' && v.category && !(await categoryRow(deps.db, v.category))) {
    throw new HttpError(400, 'validation_failed', 'That category does not exist.', { category: 'That category does not exist.' });
  }
  const now = deps.clock.now();
  const publishedAt = v.publishedAt ? new Date(v.publishedAt) : v.status === 'published' ? now : null;
  try {
    const row = await audited(deps, actor, async (tx) => {
      const before = await articleRow(tx, v.kind, v.slug, v.language);
      if (v.create && before) {
        const where = `/${v.kind === 'news' ? 'blog' : 'help'}/${v.slug}`;
        const message = `There already is ${v.kind === 'news' ? 'a news post' : 'a help article'} at ${where} in ${contentLanguageLabels[v.language]}: “${before.title}”. Open it from the list to change it, or choose another address.`;
        throw new HttpError(409, 'already_exists', message, { slug: message });
      }
      const values = {
        category: v.kind === 'help' ? v.category : null,
        title: v.title,
        summary: v.summary,
        body: v.body,
        status: v.status,
        publishedAt,
        position: v.position,
        sample: false,
        authorId: actor.id,
        authorEmail: actor.email,
        updatedAt: now,
      };
      const [saved] = before
        ? await tx.update(articles).set(values).where(eq(articles.id, before.id)).returning()
        : await tx
            .insert(articles)
            .values({ id: deps.ids.uuid(), kind: v.kind, slug: v.slug, language: v.language, createdAt: now, ...values })
            .returning();
      const version = await recordVersion(tx, saved!, actor, { reason: v.reason || null, restoredFrom: null, at: now });
      return {
        result: saved!,
        audit: {
          action: before ? 'article.edited' : 'article.created',
          targetType: 'article' as const,
          targetId: saved!.id,
          targetLabel: `${kindLabel[v.kind]} ${v.slug} (${v.language})`,
          before: before ? auditSummary(before) : null,
          after: { ...auditSummary(saved!), version: version.version },
          reason: v.reason ?? null,
        },
      };
    });
    return adminView(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('Someone saved this article at the same moment. Reload to see their version.');
    throw error;
  }
}

export async function deleteArticle(deps: ArticleDeps, actor: StaffActor, kind: ArticleKind, slug: string, language: ContentLanguage, reason?: string) {
  await audited(deps, actor, async (tx) => {
    const before = await articleRow(tx, kind, slug, language);
    if (!before) throw notFound('That article does not exist.');
    await tx.delete(articles).where(eq(articles.id, before.id));
    return {
      result: undefined,
      audit: {
        action: 'article.deleted',
        targetType: 'article',
        targetId: before.id,
        targetLabel: `${kindLabel[kind]} ${slug} (${language})`,
        before: { title: before.title, status: before.status, sample: before.sample },
        reason: reason ?? null,
      },
    };
  });
}

export async function saveCategory(deps: ArticleDeps, actor: StaffActor, input: HelpCategoryInput): Promise<HelpCategory> {
  const v = helpCategoryInputSchema.parse(input);
  const titles = Object.fromEntries(Object.entries(v.titles).filter(([, t]) => t?.trim())) as Record<string, string>;
  const row = await audited(deps, actor, async (tx) => {
    const before = await categoryRow(tx, v.slug);
    const [saved] = before
      ? await tx.update(helpCategories).set({ titles, position: v.position, sample: false }).where(eq(helpCategories.slug, v.slug)).returning()
      : await tx.insert(helpCategories).values({ slug: v.slug, titles, position: v.position, createdAt: deps.clock.now() }).returning();
    return {
      result: saved!,
      audit: {
        action: before ? 'help-category.edited' : 'help-category.created',
        targetType: 'category' as const,
        targetId: v.slug,
        targetLabel: titles[defaultContentLanguage] ?? v.slug,
        before: before ? { titles: before.titles, position: before.position } : null,
        after: { titles, position: v.position },
      },
    };
  });
  return categoryView(row, defaultContentLanguage);
}

/** Removes an empty category; one with articles is refused, so no article loses its place. */
export async function deleteCategory(deps: ArticleDeps, actor: StaffActor, slug: string) {
  await audited(deps, actor, async (tx) => {
    const before = await categoryRow(tx, slug);
    if (!before) throw notFound('That category does not exist.');
    const count = await articleCountIn(tx, slug);
    if (count > 0) throw conflict(`This category still has ${count} article${count === 1 ? '' : 's'}. Move or delete them first.`);
    await tx.delete(helpCategories).where(eq(helpCategories.slug, slug));
    return { result: undefined, audit: { action: 'help-category.deleted', targetType: 'category', targetId: slug, targetLabel: before.titles[defaultContentLanguage] ?? slug, before: { titles: before.titles } } };
  });
}
