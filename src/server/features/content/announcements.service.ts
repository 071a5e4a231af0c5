import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { announcements } from '../../db/schema';
import { audited, type StaffActor } from '../../lib/audit';
import { badRequest, notFound } from '../../lib/errors';
import type { Clock, Ids } from '../../lib/runtime';
import { announcementInputSchema, type AdminAnnouncement, type AnnouncementInput, type CustomerAnnouncement } from '../../../shared/schemas/announcements';
import {
  allAnnouncements,
  announcementById,
  insertDismissal,
  liveUndismissed,
  serverTargets,
  type AnnouncementRow,
} from './announcements.repository';
import { renderMarkdown, renderPlain } from './markdown';
import type { Locale } from '../../../shared/i18n/locales';

export interface AnnouncementDeps {
  db: Db;
  clock: Clock;
  ids: Ids;
}

/** What staff may aim an announcement at: every game and location of the catalog, hidden ones included (their servers still run). */
export interface AnnouncementTargets {
  games: readonly string[];
  locations: readonly string[];
}

export interface AnnouncementAdminDeps extends AnnouncementDeps {
  targets(): Promise<AnnouncementTargets>;
}

type Parsed = ReturnType<typeof announcementInputSchema.parse>;

function stateAt(row: AnnouncementRow, now: Date): AdminAnnouncement['state'] {
  if (row.startsAt > now) return 'scheduled';
  if (row.endsAt && row.endsAt <= now) return 'ended';
  return 'live';
}

function adminView(row: AnnouncementRow, dismissals: number, now: Date): AdminAnnouncement {
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    format: row.format,
    severity: row.severity,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt?.toISOString() ?? null,
    target: row.target,
    targetValues: row.targetValues,
    translations: row.translations,
    state: stateAt(row, now),
    dismissals,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    authorEmail: row.authorEmail,
  };
}

function auditFields(v: Parsed | AnnouncementRow) {
  const iso = (d: Date | string | null) => (d === null ? null : typeof d === 'string' ? d : d.toISOString());
  return {
    title: v.title,
    severity: v.severity,
    format: v.format,
    startsAt: iso(v.startsAt),
    endsAt: iso(v.endsAt),
    target: v.target,
    targetValues: v.targetValues,
    languages: Object.keys(v.translations).sort(),
  };
}

/** The form offers only the catalog's games and locations; the API refuses any other, naming it, as no server could ever match it. */
/**
 * Refuses a game or location the catalog does not have. Values the announcement already aims at
 * pass (`saved`): a game taken out of the catalog since must not make its notice uneditable.
 */
async function checkTargets(deps: AnnouncementAdminDeps, v: Parsed, saved: readonly string[] = []) {
  if (v.target === 'all') return;
  const known = await deps.targets();
  const have = new Set([...(v.target === 'game' ? known.games : known.locations), ...saved]);
  const unknown = [...new Set(v.targetValues.filter((value) => !have.has(value)))];
  if (unknown.length === 0) return;
  const noun = v.target === 'game' ? 'game' : 'location';
  const list = unknown.map((value) => `'${value}'`).join(', ');
  const message = `The catalog has no ${noun}${unknown.length > 1 ? 's' : ''} ${list}. Choose from: ${[...have].join(', ') || 'none yet'}.`;
  throw badRequest(message, { targetValues: message });
}

export async function listAnnouncements(deps: AnnouncementDeps): Promise<AdminAnnouncement[]> {
  const now = deps.clock.now();
  return (await allAnnouncements(deps.db)).map((r) => adminView(r.row, r.dismissals, now));
}

async function viewOf(deps: AnnouncementDeps, id: string): Promise<AdminAnnouncement> {
  const row = (await allAnnouncements(deps.db)).find((r) => r.row.id === id);
  if (!row) throw notFound('That announcement does not exist.');
  return adminView(row.row, row.dismissals, deps.clock.now());
}

export async function createAnnouncement(deps: AnnouncementAdminDeps, actor: StaffActor, input: AnnouncementInput): Promise<AdminAnnouncement> {
  const v = announcementInputSchema.parse(input);
  await checkTargets(deps, v);
  const now = deps.clock.now();
  if (v.endsAt && Date.parse(v.endsAt) <= now.getTime()) {
    // Posted already ended, it would go straight to the ended list and no customer would see it.
    throw badRequest('The end is already past, so no customer would see it. Choose a later end, or leave it empty.', { endsAt: 'The end is already past, so no customer would see it.' });
  }
  const id = deps.ids.uuid();
  await audited(deps, actor, async (tx) => {
    await tx.insert(announcements).values({
      id,
      title: v.title,
      body: v.body,
      format: v.format,
      severity: v.severity,
      startsAt: new Date(v.startsAt),
      endsAt: v.endsAt ? new Date(v.endsAt) : null,
      target: v.target,
      targetValues: v.targetValues,
      translations: v.translations,
      authorId: actor.id,
      authorEmail: actor.email,
      createdAt: now,
      updatedAt: now,
    });
    return { result: undefined, audit: { action: 'announcement.posted', targetType: 'announcement', targetId: id, targetLabel: v.title, after: auditFields(v), reason: v.reason } };
  });
  return viewOf(deps, id);
}

export async function updateAnnouncement(deps: AnnouncementAdminDeps, actor: StaffActor, id: string, input: AnnouncementInput): Promise<AdminAnnouncement> {
  const v = announcementInputSchema.parse(input);
  const saved = await announcementById(deps.db, id);
  await checkTargets(deps, v, saved?.target === v.target ? saved.targetValues : []);
  await audited(deps, actor, async (tx) => {
    const before = await announcementById(tx, id);
    if (!before) throw notFound('That announcement does not exist.');
    await tx
      .update(announcements)
      .set({
        title: v.title,
        body: v.body,
        format: v.format,
        severity: v.severity,
        startsAt: new Date(v.startsAt),
        endsAt: v.endsAt ? new Date(v.endsAt) : null,
        target: v.target,
        targetValues: v.targetValues,
        translations: v.translations,
        updatedAt: deps.clock.now(),
      })
      .where(eq(announcements.id, id));
    return {
      result: undefined,
      audit: { action: 'announcement.edited', targetType: 'announcement', targetId: id, targetLabel: v.title, before: auditFields(before), after: auditFields(v), reason: v.reason },
    };
  });
  return viewOf(deps, id);
}

/** Takes it down now: the end is set to this moment, so the record and its history stay. */
export async function endAnnouncement(deps: AnnouncementDeps, actor: StaffActor, id: string, reason: string): Promise<AdminAnnouncement> {
  const now = deps.clock.now();
  await audited(deps, actor, async (tx) => {
    const before = await announcementById(tx, id);
    if (!before) throw notFound('That announcement does not exist.');
    if (before.endsAt && before.endsAt <= now) throw badRequest('That announcement has already ended.');
    // One that has not started yet ends at its start, so it never shows.
    const endsAt = before.startsAt > now ? before.startsAt : now;
    await tx.update(announcements).set({ endsAt, updatedAt: now }).where(eq(announcements.id, id));
    return {
      result: undefined,
      audit: { action: 'announcement.ended', targetType: 'announcement', targetId: id, targetLabel: before.title, before: auditFields(before), after: { endsAt: endsAt.toISOString() }, reason },
    };
  });
  return viewOf(deps, id);
}

function matches(row: AnnouncementRow, mine: { games: Set<string>; locations: Set<string> }): boolean {
  if (row.target === 'all') return true;
  const have = row.target === 'game' ? mine.games : mine.locations;
  return row.targetValues.some((v) => have.has(v));
}

/**
 * The banners a customer's dashboard shows now: live, aimed at them, and not closed by them; the most
 * severe first, then the newest. Each in `locale` where staff wrote it in that language.
 */
export async function announcementsFor(deps: AnnouncementDeps, userId: string, locale: Locale): Promise<CustomerAnnouncement[]> {
  const now = deps.clock.now();
  const [rows, mine] = await Promise.all([liveUndismissed(deps.db, userId, now), serverTargets(deps.db, userId)]);
  const rank = { critical: 0, warning: 1, info: 2 } as const;
  return rows
    .filter((r) => matches(r, mine))
    .sort((a, b) => rank[a.severity] - rank[b.severity] || b.startsAt.getTime() - a.startsAt.getTime())
    .map((r) => {
      const { title, body } = r.translations[locale] ?? r;
      return { id: r.id, title, html: r.format === 'plain' ? renderPlain(body) : renderMarkdown(body), severity: r.severity, startsAt: r.startsAt.toISOString() };
    });
}

/** Closes one for this customer on every device; closing one that is not theirs to see is a 404. */
export async function dismissAnnouncement(deps: AnnouncementDeps, userId: string, id: string): Promise<void> {
  const row = await announcementById(deps.db, id);
  if (!row || !matches(row, await serverTargets(deps.db, userId))) throw notFound('That announcement does not exist.');
  await insertDismissal(deps.db, id, userId, deps.clock.now());
}
