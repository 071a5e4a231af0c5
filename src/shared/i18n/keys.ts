import type appEn from './messages/en/app.json';
import type dashboardEn from './messages/en/dashboard.json';
import type publicEn from './messages/en/public.json';

/**
 * The message namespaces. `public` is what the public pages, sign-in and checkout show; a
 * prerendered page embeds it. `app` is the signed-in customer's screens and documents; the
 * dashboard fetches it with its code. `dashboard` is the signed-in dashboard's own screens
 * (servers, billing lists, account, support, affiliate), fetched with `app`.
 */
export const namespaces = ['public', 'app', 'dashboard'] as const;
export type Namespace = (typeof namespaces)[number];

/** Every key, from the English files: the other languages must have each (i18n-catalog.test.ts). */
export type PublicKey = keyof typeof publicEn;
export type AppKey = keyof typeof appEn;
export type DashboardKey = keyof typeof dashboardEn;
export type MessageKey = PublicKey | AppKey | DashboardKey;
