import type activityEn from './messages/en/activity.json';
import type appEn from './messages/en/app.json';
import type contentEn from './messages/en/content.json';
import type dashboardEn from './messages/en/dashboard.json';
import type emailsEn from './messages/en/emails.json';
import type publicEn from './messages/en/public.json';
import type upgradesEn from './messages/en/upgrades.json';

/**
 * The message namespaces. `public` is what the public pages, sign-in and checkout show; a
 * prerendered page embeds it. `app` is the signed-in customer's screens and documents; the
 * dashboard fetches it with its code. `dashboard` is the signed-in dashboard's own screens
 * (servers, billing lists, account, support, affiliate), fetched with `app`. `upgrades` is where
 * bought add-ons and packs stand (decision 058), on the order and services pages, fetched with them.
 * `emails` is the email templates' text, rendered on the server only (decision 061). `activity` is
 * the customer's recent-activity list, rendered on the server in the reader's language (decision 072).
 */
export const namespaces = ['public', 'app', 'dashboard', 'upgrades', 'emails', 'content', 'activity'] as const;
export type Namespace = (typeof namespaces)[number];

export function isNamespace(value: unknown): value is Namespace {
  return typeof value === 'string' && (namespaces as readonly string[]).includes(value);
}

/** Every key, from the English files: the other languages must have each (i18n-catalog.test.ts). */
export type PublicKey = keyof typeof publicEn;
export type AppKey = keyof typeof appEn;
export type DashboardKey = keyof typeof dashboardEn;
export type UpgradesKey = keyof typeof upgradesEn;
export type EmailsKey = keyof typeof emailsEn;
/** The help centre and news pages (decision 064), fetched with their code. */
export type ContentKey = keyof typeof contentEn;
/** The lines of the customer's activity list, written by the server as a key and values. */
export type ActivityKey = keyof typeof activityEn;
export type MessageKey = PublicKey | AppKey | DashboardKey | UpgradesKey | ContentKey;
