/*
 * The pages staff write and their languages, apart from their schemas (src/shared/schemas/content.ts
 * re-exports these) so that the public pages, which need the names, do not carry Zod.
 */

/** The pages staff write in Markdown in the console (features/content). */
export const contentSlugs = ['home', 'about', 'terms', 'privacy', 'refund', 'sla'] as const;
export type ContentSlug = (typeof contentSlugs)[number];

export const contentPageLabels: Record<ContentSlug, string> = {
  home: 'Home page hero and features',
  about: 'About',
  terms: 'Terms of Service',
  privacy: 'Privacy Policy',
  refund: 'Refund Policy',
  sla: 'Service Level Agreement',
};

/** The public path each page is shown at. */
export const contentPagePaths: Record<ContentSlug, string> = {
  home: '/',
  about: '/about',
  terms: '/terms',
  privacy: '/privacy',
  refund: '/refund',
  sla: '/sla',
};

/** The languages a page can have its own text in; the first is the default the others fall back to. */
export const contentLanguages = ['en', 'de', 'fr', 'es', 'pt-BR'] as const;
export type ContentLanguage = (typeof contentLanguages)[number];
export const defaultContentLanguage: ContentLanguage = 'en';

export const contentLanguageLabels: Record<ContentLanguage, string> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
  'pt-BR': 'Português (Brasil)',
};
