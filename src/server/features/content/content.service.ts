import {
  contentLanguages,
  contentPageLabels,
  contentPagePaths,
  contentSlugs,
  defaultContentLanguage,
  type ContentLanguage,
  type ContentPageEdit,
  type ContentPageSummary,
  type ContentSlug,
  type ContentVersion,
  type RenderedPage,
} from '../../../shared/schemas/content';
import type { Db } from '../../db/client';
import { audited, type StaffActor } from '../../lib/audit';
import { isUniqueViolation } from '../../lib/db-errors';
import { HttpError, conflict, notFound } from '../../lib/errors';
import type { Clock, Ids } from '../../lib/runtime';
import { renderBody, refusedInProduction, shopLanguage, shownVersion, variableSources } from './content.render';
import { insertVersion, latestRows, versionRows, type ContentVersionRow } from './content.repository';
import { isSampleText, sampleText } from './samples';
import { unknownVariables, variableList } from './variables';

export interface ContentDeps {
  db: Db;
  clock: Clock;
  ids: Ids;
  production: boolean;
  /** Called after a change commits, so the public pages show it at once. */
  changed(): void;
}

function sampleVersion(slug: ContentSlug, language: ContentLanguage): ContentVersion {
  return { version: 0, body: sampleText(slug, language), sample: true, authorEmail: null, createdAt: null, restoredFrom: null };
}

function versionView(row: ContentVersionRow): ContentVersion {
  return {
    version: row.version,
    body: row.body,
    sample: row.sample,
    authorEmail: row.authorEmail,
    createdAt: row.createdAt.toISOString(),
    restoredFrom: row.restoredFrom,
  };
}

function checkVariables(body: string) {
  const unknown = unknownVariables(body);
  if (unknown.length === 0) return;
  const list = unknown.map((n) => `{{${n}}}`).join(', ');
  const message = `Unknown variable${unknown.length > 1 ? 's' : ''} ${list}. Use one of the variables listed beside the editor.`;
  throw new HttpError(400, 'validation_failed', message, { body: message });
}

function refuseSampleInProduction(deps: ContentDeps, slug: ContentSlug, sample: boolean) {
  if (refusedInProduction(deps, slug, sample)) {
    throw new HttpError(
      409,
      'sample_content',
      `The sample ${contentPageLabels[slug]} page cannot be published in production: it speaks for a made-up host. Write your own text first.`,
    );
  }
}

export async function listPages(deps: ContentDeps): Promise<ContentPageSummary[]> {
  const [rows, shopDefault] = await Promise.all([latestRows(deps.db), shopLanguage(deps.db)]);
  return contentSlugs.map((slug) => {
    const shown = shownVersion(rows, slug, defaultContentLanguage, shopDefault);
    return {
      slug,
      label: contentPageLabels[slug],
      path: contentPagePaths[slug],
      languages: contentLanguages.filter((l) => rows.some((r) => r.slug === slug && r.language === l)),
      sample: shown.sample,
      sampleLanguages: contentLanguages.filter((l) => shownVersion(rows, slug, l, shopDefault).sample),
      updatedAt: shown.updatedAt,
    };
  });
}

export async function pageForEdit(deps: ContentDeps, slug: ContentSlug, language: ContentLanguage): Promise<ContentPageEdit> {
  const own = (await versionRows(deps.db, slug, language)).map(versionView);
  // As the public page (shownVersion): staff's own text in the shop's default language, else in English, else this language's sample.
  let fallback = sampleVersion(slug, language);
  if (own.length === 0) {
    const shopDefault = await shopLanguage(deps.db);
    for (const other of new Set([shopDefault, defaultContentLanguage])) {
      if (other === language) continue;
      const [newest] = await versionRows(deps.db, slug, other);
      if (newest && !newest.sample) {
        fallback = versionView(newest);
        break;
      }
    }
  }
  const current = own[0] ?? fallback;
  return { slug, language, fallback: own.length === 0, current, versions: [...own, sampleVersion(slug, language)], variables: variableList };
}

export async function previewPage(deps: ContentDeps, slug: ContentSlug, language: ContentLanguage, body: string): Promise<RenderedPage> {
  checkVariables(body);
  return renderBody(slug, language, body, await variableSources(deps), isSampleText(slug, body), null);
}

async function addVersion(deps: ContentDeps, actor: StaffActor, slug: ContentSlug, language: ContentLanguage, body: string, restoredFrom: number | null) {
  const sample = isSampleText(slug, body);
  refuseSampleInProduction(deps, slug, sample);
  try {
    const row = await audited(deps, actor, async (tx) => {
      const inserted = await insertVersion(tx, {
        slug,
        language,
        body,
        sample,
        authorId: actor.id,
        authorEmail: actor.email,
        restoredFrom,
        createdAt: deps.clock.now(),
      });
      return {
        result: inserted,
        audit: {
          action: restoredFrom === null ? 'page.edited' : 'page.restored',
          targetType: 'page' as const,
          targetId: `${slug}:${language}`,
          targetLabel: `${contentPageLabels[slug]} (${language})`,
          after: { version: inserted.version, sample, restoredFrom, characters: body.length },
        },
      };
    });
    deps.changed();
    return versionView(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('Someone saved this page at the same moment. Reload it to see their version, then save again.');
    throw error;
  }
}

export async function savePage(deps: ContentDeps, actor: StaffActor, slug: ContentSlug, language: ContentLanguage, body: string) {
  checkVariables(body);
  return addVersion(deps, actor, slug, language, body, null);
}

/** Restoring copies an old version (0: the sample) into a new one, so history is never rewritten. */
export async function restorePage(deps: ContentDeps, actor: StaffActor, slug: ContentSlug, language: ContentLanguage, version: number) {
  const source = version === 0 ? sampleVersion(slug, language) : (await versionRows(deps.db, slug, language)).find((v) => v.version === version);
  if (!source) throw notFound(`Version ${version} of this page does not exist in this language`);
  return addVersion(deps, actor, slug, language, source.body, version);
}
