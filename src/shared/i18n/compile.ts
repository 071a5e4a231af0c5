import { compileMessage } from '@lingui/message-utils/compileMessage';
import { parse, type Token } from '@messageformat/parser';
import type { Messages } from '@lingui/core';

/**
 * ICU MessageFormat text → what Lingui's runtime formats. The browser build has no compiler (it
 * would cost the public pages' JS budget), so the server and the build compile every message.
 * Only the server, the build and tests import this.
 */
export function compileMessages(source: Record<string, string>): Messages {
  const out: Messages = {};
  for (const [key, text] of Object.entries(source)) out[key] = compileMessage(text);
  return out;
}

/** The arguments a message uses, sorted (`{count, plural, …}` → count); throws on bad syntax. */
export function placeholdersOf(message: string): string[] {
  const names = new Set<string>();
  const visit = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === 'argument' || token.type === 'function') names.add(token.arg);
      if (token.type === 'plural' || token.type === 'select' || token.type === 'selectordinal') {
        names.add(token.arg);
        for (const c of token.cases) visit(c.tokens);
      }
    }
  };
  visit(parse(message));
  return [...names].sort();
}

/** The message parser's reason without its trailing colon: "invalid syntax at line 1 col 8". */
export function parserReason(error: unknown): string {
  return ((error as Error).message.split('\n')[0] ?? '').replace(/:\s*$/, '');
}

/** Why a message cannot replace `reference` (bad syntax, other arguments), or undefined if it can. */
export function messageProblem(message: string, reference: string): string | undefined {
  let got: string[];
  try {
    got = placeholdersOf(message);
  } catch (error) {
    return `The text is not valid (${parserReason(error)}). Check that every { has its } and that plural forms are written as {count, plural, one {…} other {…}}.`;
  }
  const want = placeholdersOf(reference);
  const missing = want.filter((p) => !got.includes(p));
  const extra = got.filter((p) => !want.includes(p));
  if (missing.length === 0 && extra.length === 0) return undefined;
  const parts = [];
  if (missing.length) parts.push(`it must use ${missing.map((p) => `{${p}}`).join(', ')}`);
  if (extra.length) parts.push(`${extra.map((p) => `{${p}}`).join(', ')} is not available here`);
  return `The text does not fit: ${parts.join('; ')}.`;
}
