import type appEn from './messages/en/app.json';
import type publicEn from './messages/en/public.json';

/**
 * The message namespaces. `public` is what the public pages, sign-in and checkout show; a
 * prerendered page embeds it. `app` is the signed-in customer's screens and documents; the
 * dashboard fetches it with its code.
 */
export const namespaces = ['public', 'app'] as const;
export type Namespace = (typeof namespaces)[number];

/** Every key, from the English files: the other languages must have each (i18n-catalog.test.ts). */
export type PublicKey = keyof typeof publicEn;
export type AppKey = keyof typeof appEn;
export type MessageKey = PublicKey | AppKey;
