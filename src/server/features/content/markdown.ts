import MarkdownIt from 'markdown-it';
import type { RenderedPage } from '../../../shared/schemas/content';

/*
 * Markdown is rendered here, on the server, into the HTML the public pages embed: no parser ships
 * to browsers. Raw HTML in the text is escaped (html: false), and markdown-it refuses javascript:,
 * vbscript:, file: and non-image data: links, so what staff write cannot run script on the site.
 */
const md = new MarkdownIt({ html: false, linkify: true, typographer: false });

const defaultLinkOpen = md.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const href = String(tokens[idx]!.attrGet('href') ?? '');
  // Links off the site open as usual but tell the browser not to pass on who sent the visitor.
  if (/^https?:\/\//i.test(href)) tokens[idx]!.attrSet('rel', 'noopener noreferrer');
  return defaultLinkOpen(tokens, idx, options, env, self);
};

// A wide table scrolls inside its own region, which keyboard users can focus to scroll.
md.renderer.rules.table_open = () => '<div class="md-table" role="region" aria-label="Table" tabindex="0"><table>\n';
md.renderer.rules.table_close = () => '</table></div>\n';

/** "What the Guarantee Covers" → "what-the-guarantee-covers": the anchor of a section. */
export function sectionId(title: string, taken: Set<string>): string {
  const base =
    title
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'section';
  let id = base;
  for (let n = 2; taken.has(id); n += 1) id = `${base}-${n}`;
  taken.add(id);
  return id;
}

type Structure = Pick<RenderedPage, 'title' | 'introHtml' | 'sections'>;

/**
 * Splits a page into its `# ` title, the text before the first `## `, and its `## ` sections,
 * each rendered to HTML. Deeper headings stay inside their section.
 */
export function renderMarkdownPage(markdown: string): Structure {
  const tokens = md.parse(markdown, {});
  const taken = new Set<string>();
  let title = '';
  const intro: typeof tokens = [];
  const sections: { id: string; title: string; tokens: typeof tokens }[] = [];
  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i]!;
    if (token.type === 'heading_open' && (token.tag === 'h1' || token.tag === 'h2')) {
      // The heading's text as a reader sees it: escapes resolved, emphasis marks dropped.
      const text = (tokens[i + 1]?.children ?? [])
        .filter((c) => c.type === 'text' || c.type === 'code_inline')
        .map((c) => c.content)
        .join('')
        .trim();
      if (token.tag === 'h1' && !title) title = text;
      else sections.push({ id: sectionId(text, taken), title: text, tokens: [] });
      i += 2; // the inline text and heading_close
      continue;
    }
    (sections.at(-1)?.tokens ?? intro).push(token);
  }
  return {
    title,
    introHtml: md.renderer.render(intro, md.options, {}),
    sections: sections.map((s) => ({ id: s.id, title: s.title, html: md.renderer.render(s.tokens, md.options, {}) })),
  };
}

/** A value put into Markdown as plain text: characters Markdown would read as syntax are escaped. */
export function escapeMarkdown(value: string): string {
  return value.replace(/([\\`*_{}[\]()#+\-.!|<>~])/g, '\\$1');
}

/** A short Markdown text (an announcement, an article) as HTML, with the same safety as the pages. */
export function renderMarkdown(markdown: string): string {
  return md.render(markdown);
}

/** Plain text as HTML: escaped, one paragraph per blank-line-separated block. */
export function renderPlain(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${md.utils.escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
}
