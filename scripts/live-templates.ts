/**
 * The stand-in text the build renders the news and help templates with (decision 070). No visitor
 * sees it: the server puts the articles in place of the app's markup. It uses every element an
 * article's Markdown can produce, so the CSS inlined with the template covers what an article shows.
 */
import { livePaths } from '../src/client/app/route-table';
import type { ArticleSummary, ArticleView, HelpIndex } from '../src/shared/schemas/articles';
import { liveTemplatesFile } from '../src/shared/routes';
import { renderMarkdown } from '../src/server/features/content/markdown';

export { liveTemplatesFile };

const markdown = [
  '## Heading',
  'A paragraph with **strong**, *emphasis*, `code` and [a link](https://example.com).',
  '### Subheading',
  '- one',
  '- two',
  '',
  '1. first',
  '2. second',
  '',
  '> A quotation.',
  '',
  '```',
  'a block of code',
  '```',
  '',
  '| a | b |',
  '| - | - |',
  '| 1 | 2 |',
  '',
  '---',
  '',
  '#### Small heading',
].join('\n');

const at = '2026-01-01T00:00:00.000Z';
const summary = (kind: 'help' | 'news', slug: string, sample: boolean): ArticleSummary => ({
  kind,
  slug,
  language: 'en',
  category: kind === 'help' ? 'template' : null,
  title: 'Template',
  summary: 'Template',
  publishedAt: at,
  sample,
});
const view = (kind: 'help' | 'news'): ArticleView => ({ ...summary(kind, 'template', true), html: renderMarkdown(markdown), updatedAt: at });

export interface LiveTemplate {
  /** The route pattern, as the route table spells it. */
  route: string;
  /** The address rendered. */
  url: string;
  /** The API answers it is rendered with, by address. */
  data: Record<string, unknown>;
}

export function liveTemplates(): LiveTemplate[] {
  const index: HelpIndex = {
    categories: [{ slug: 'template', title: 'Template', position: 0, sample: true }],
    articles: [summary('help', 'template', true), { ...summary('help', 'other', false), language: 'de' }],
  };
  const templates: LiveTemplate[] = [
    { route: '/help', url: '/help', data: { '/help?lang=en': index } },
    { route: '/help/:slug', url: '/help/template', data: { '/help/articles/template?lang=en': view('help') } },
    { route: '/blog', url: '/blog', data: { '/news?lang=en': { articles: [summary('news', 'template', true), { ...summary('news', 'other', false), language: 'de' }] } } },
    { route: '/blog/:slug', url: '/blog/template', data: { '/news/template?lang=en': view('news') } },
  ];
  const missing = livePaths().filter((route) => !templates.some((t) => t.route === route));
  if (missing.length) throw new Error(`No template for the live pages ${missing.join(', ')} (scripts/live-templates.ts)`);
  return templates;
}
