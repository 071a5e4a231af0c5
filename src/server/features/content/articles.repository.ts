import { and, asc, desc, eq, ilike, inArray, isNotNull, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { ArticleKind } from '../../../shared/schemas/articles';
import { articles, articleVersions, helpCategories } from '../../db/schema';
import { nextVersionNumber } from '../../lib/versions';

export type ArticleRow = typeof articles.$inferSelect;
export type HelpCategoryRow = typeof helpCategories.$inferSelect;
export type ArticleVersionRow = typeof articleVersions.$inferSelect;

/** An article's saved versions, newest first. */
export async function articleVersionRows(db: Executor, articleId: string): Promise<ArticleVersionRow[]> {
  return db.select().from(articleVersions).where(eq(articleVersions.articleId, articleId)).orderBy(desc(articleVersions.version));
}

/** One saved version of an article, or undefined. */
export async function articleVersionRow(db: Executor, articleId: string, version: number): Promise<ArticleVersionRow | undefined> {
  const [row] = await db
    .select()
    .from(articleVersions)
    .where(and(eq(articleVersions.articleId, articleId), eq(articleVersions.version, version)));
  return row;
}

/** Records the article as saved now as its next version. */
export async function insertArticleVersion(db: Executor, row: Omit<ArticleVersionRow, 'version'>): Promise<ArticleVersionRow> {
  const version = await nextVersionNumber(db, articleVersions, articleVersions.version, eq(articleVersions.articleId, row.articleId));
  const [inserted] = await db
    .insert(articleVersions)
    .values({ ...row, version })
    .returning();
  return inserted!;
}

export async function articlesOfKind(db: Executor, kind: ArticleKind): Promise<ArticleRow[]> {
  return db.select().from(articles).where(eq(articles.kind, kind)).orderBy(asc(articles.category), asc(articles.position), desc(articles.publishedAt), asc(articles.slug));
}

export async function articleRow(db: Executor, kind: ArticleKind, slug: string, language: string): Promise<ArticleRow | undefined> {
  const [row] = await db
    .select()
    .from(articles)
    .where(and(eq(articles.kind, kind), eq(articles.slug, slug), eq(articles.language, language)));
  return row;
}

/** Published rows (publication time reached) of a kind in the given languages, optionally of one slug or category. */
export async function publishedRows(
  db: Executor,
  kind: ArticleKind,
  languages: string[],
  now: Date,
  filter: { slug?: string; category?: string; includeSamples: boolean },
): Promise<ArticleRow[]> {
  return db
    .select()
    .from(articles)
    .where(
      and(
        eq(articles.kind, kind),
        inArray(articles.language, languages),
        eq(articles.status, 'published'),
        isNotNull(articles.publishedAt),
        lte(articles.publishedAt, now),
        filter.slug ? eq(articles.slug, filter.slug) : undefined,
        filter.category ? eq(articles.category, filter.category) : undefined,
        filter.includeSamples ? undefined : eq(articles.sample, false),
      ),
    )
    .orderBy(asc(articles.position), desc(articles.publishedAt), asc(articles.slug));
}

/** `%`, `_` and `\` taken literally in a LIKE pattern. */
function likeLiteral(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Published help rows whose title, summary or text contain every word of `query`, case-insensitively
 * (ILIKE: the same on PostgreSQL and PGlite, no dictionary to configure), title matches first.
 */
export async function searchRows(db: Executor, languages: string[], query: string, now: Date, includeSamples: boolean, limit = 20): Promise<ArticleRow[]> {
  const words = query.split(/\s+/).filter(Boolean).slice(0, 8);
  const hit = (word: string) => or(ilike(articles.title, likeLiteral(word)), ilike(articles.summary, likeLiteral(word)), ilike(articles.body, likeLiteral(word)));
  const titleHits = sql<number>`(${sql.join(
    words.map((w) => sql`case when ${articles.title} ilike ${likeLiteral(w)} then 1 else 0 end`),
    sql` + `,
  )})`;
  return db
    .select()
    .from(articles)
    .where(
      and(
        eq(articles.kind, 'help'),
        inArray(articles.language, languages),
        eq(articles.status, 'published'),
        isNotNull(articles.publishedAt),
        lte(articles.publishedAt, now),
        includeSamples ? undefined : eq(articles.sample, false),
        ...words.map(hit),
      ),
    )
    .orderBy(desc(titleHits), asc(articles.position), asc(articles.slug))
    .limit(limit * 2);
}

export async function allCategories(db: Executor): Promise<HelpCategoryRow[]> {
  return db.select().from(helpCategories).orderBy(asc(helpCategories.position), asc(helpCategories.slug));
}

export async function categoryRow(db: Executor, slug: string): Promise<HelpCategoryRow | undefined> {
  const [row] = await db.select().from(helpCategories).where(eq(helpCategories.slug, slug));
  return row;
}

export async function articleCountIn(db: Executor, category: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(articles).where(eq(articles.category, category));
  return row?.n ?? 0;
}

/** The languages with a published row (publication time reached) of a kind, or of one article of it. */
export async function publishedLanguages(db: Executor, kind: ArticleKind, now: Date, includeSamples: boolean, slug?: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ language: articles.language })
    .from(articles)
    .where(
      and(
        eq(articles.kind, kind),
        eq(articles.status, 'published'),
        isNotNull(articles.publishedAt),
        lte(articles.publishedAt, now),
        slug ? eq(articles.slug, slug) : undefined,
        includeSamples ? undefined : eq(articles.sample, false),
      ),
    );
  return rows.map((r) => r.language);
}
