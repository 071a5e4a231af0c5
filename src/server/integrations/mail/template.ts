import { defaultBrand, inkOn, type Brand } from '../../../shared/brand';

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/**
 * What an email shows of the shop: its name and primary colour as saved in Settings → Brand, read
 * with getBrand(db) when the mail is written (decision 059). The colour passed the AA checks. A
 * bare name keeps the default colour.
 */
export type EmailBrand = Pick<Brand, 'name' | 'primaryColor'>;

export interface EmailContent {
  brand: string | EmailBrand;
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Small print under the button, such as when the link expires. */
  note?: string;
  /** The layout's own words in the email's language (features/emails); English when left out. */
  layout?: { lang: string; signoff: string; pasteLink: string };
}

/** The one email layout: plain text, and simple HTML in the brand's dark style. */
export function renderEmail(content: EmailContent): { text: string; html: string } {
  const { heading, paragraphs, action, note, layout } = content;
  const brand = typeof content.brand === 'string' ? content.brand : content.brand.name;
  const chosen = typeof content.brand === 'string' ? defaultBrand.primaryColor : content.brand.primaryColor;
  const primary = /^#[0-9a-f]{6}$/i.test(chosen) ? chosen : defaultBrand.primaryColor;
  const ink = inkOn(primary);
  const signoff = layout?.signoff ?? `— The ${brand} team`;
  const text = [
    heading,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...(action ? [`${action.label}: ${action.url}`, ''] : []),
    ...(note ? [note, ''] : []),
    signoff,
  ].join('\n');

  const p = (s: string) => `<p style="margin:0 0 16px;line-height:1.6;color:#d4d4d8">${escapeHtml(s)}</p>`;
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="display:inline-block;background:${primary};color:${ink};font-weight:600;text-decoration:none;padding:12px 20px;border-radius:8px">${escapeHtml(action.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#a1a1aa">${escapeHtml(layout?.pasteLink ?? 'Or paste this link into your browser:')}<br><a href="${escapeHtml(action.url)}" style="color:${primary};word-break:break-all">${escapeHtml(action.url)}</a></p>`
    : '';
  const html = `<!doctype html>
<html lang="${escapeHtml(layout?.lang ?? 'en')}"><body style="margin:0;background:#0a0a0a;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif">
<div style="max-width:560px;margin:0 auto;padding:32px 24px">
<div style="font-size:20px;font-weight:700;color:${primary};margin-bottom:24px">${escapeHtml(brand)}</div>
<div style="background:#18181b;border:1px solid #27272a;border-radius:12px;padding:24px">
<h1 style="margin:0 0 16px;font-size:22px;color:#fafafa">${escapeHtml(heading)}</h1>
${paragraphs.map(p).join('\n')}
${button}
${note ? `<p style="margin:0;font-size:13px;color:#a1a1aa">${escapeHtml(note)}</p>` : ''}
</div>
<p style="margin:24px 0 0;font-size:12px;color:#71717a">${escapeHtml(signoff)}</p>
</div></body></html>`;
  return { text, html };
}
