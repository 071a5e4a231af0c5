import type { StoredEmail } from './mailbox';
import { escapeHtml } from './template';

/** Escapes the text, then turns http(s) links into anchors. */
function linkify(text: string): string {
  return escapeHtml(text).replace(
    /https?:\/\/[^\s<>"']+/g,
    (url) => `<a href="${url}">${url}</a>`,
  );
}

function kilobytes(bytes: number): string {
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** Links that open each attached file (the invoice PDF opens in the browser's viewer). */
function attachmentList(email: StoredEmail): string {
  if (email.attachments.length === 0) return '';
  const items = email.attachments
    .map(
      (a, i) =>
        `<li><a href="/dev/mailbox/${encodeURIComponent(email.id)}/attachments/${i}">${escapeHtml(a.filename)}</a> <span class="meta">(${escapeHtml(a.contentType)}, ${kilobytes(a.bytes)})</span></li>`,
    )
    .join('');
  return `<h3 class="att">Attachments</h3><ul class="att">${items}</ul>`;
}

function card(email: StoredEmail): string {
  return `<article>
<header><h2>${escapeHtml(email.subject)}</h2>
<p class="meta">To <strong>${escapeHtml(email.to)}</strong> · <time datetime="${email.createdAt.toISOString()}">${escapeHtml(
    email.createdAt.toISOString().replace('T', ' ').slice(0, 19),
  )} UTC</time></p></header>
<pre>${linkify(email.text)}</pre>
${attachmentList(email)}
</article>`;
}

/** The embedded mailbox: every stored email, newest first, readable without any mail client. */
export function renderMailboxPage(brand: string, emails: StoredEmail[], to?: string): string {
  const title = `${brand} mailbox`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>
<style>
body{margin:0;background:#0a0a0a;color:#e4e4e7;font:16px/1.5 system-ui,-apple-system,Segoe UI,Roboto,sans-serif}
main{max-width:860px;margin:0 auto;padding:32px 20px}
h1{font-size:28px;margin:0 0 4px;color:#fafafa}h1 span{color:#4ade80}
.lead{color:#a1a1aa;margin:0 0 24px}
form{display:flex;gap:8px;margin-bottom:24px}
input{flex:1;background:#18181b;border:1px solid #3f3f46;border-radius:8px;color:#fafafa;padding:8px 12px;font:inherit}
button{font:inherit;font-weight:600;background:#22c55e;color:#0a0a0a;border:0;border-radius:8px;padding:8px 16px;cursor:pointer}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
article{background:#18181b;border:1px solid #27272a;border-radius:12px;padding:20px;margin-bottom:16px}
h2{font-size:18px;margin:0;color:#fafafa}.meta{margin:4px 0 12px;color:#a1a1aa;font-size:14px}
pre{white-space:pre-wrap;word-break:break-word;font:15px/1.6 ui-monospace,SFMono-Regular,Menlo,monospace;margin:0;color:#d4d4d8}
a{color:#4ade80}a:focus,button:focus,input:focus{outline:2px solid #4ade80;outline-offset:2px}
.empty{color:#a1a1aa}
h3.att{font-size:14px;margin:16px 0 4px;color:#fafafa}ul.att{margin:0;padding-left:20px}
</style></head>
<body><main>
<h1><span>${escapeHtml(brand)}</span> mailbox</h1>
<p class="lead">Emails the app has sent, newest first. This page exists only outside production.</p>
<form method="get" action="/dev/mailbox"><label for="to" class="sr">Filter by recipient</label>
<input id="to" name="to" type="email" placeholder="Filter by recipient" value="${escapeHtml(to ?? '')}">
<button type="submit">Filter</button></form>
${emails.length === 0 ? '<p class="empty">No emails yet.</p>' : emails.map(card).join('\n')}
</main></body></html>`;
}
