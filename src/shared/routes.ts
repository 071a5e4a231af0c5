import { z } from 'zod';

/**
 * The client routes the server answers with the app shell: the ones of the client's route table
 * (src/client/app/route-table.ts) that are not prerendered. The build writes them to
 * dist/client/routes.json (scripts/client-routes.ts); the server reads that file at start, so the
 * route table stays the one list. Any other path the server has no route for gets a 404.
 */
export const clientRoutesFile = 'routes.json';

/** Where a prerendered page's absolute addresses (hreflang links) begin; the server puts PUBLIC_URL there. */
export const originPlaceholder = '__SP_ORIGIN__';

export const clientRoutesSchema = z.object({
  /** Route patterns as React Router spells them: `/checkout/:sessionId`, `/dashboard/*`. */
  shell: z.array(z.string().regex(/^\//)),
});
export type ClientRoutes = z.infer<typeof clientRoutesSchema>;

function escapeRegExp(s: string) {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A React Router path pattern as a regular expression: `:name` is one segment, a trailing `/*` anything below (or nothing). */
export function routePatternRegExp(pattern: string): RegExp {
  const splat = pattern === '/*' || pattern.endsWith('/*');
  const base = splat ? pattern.slice(0, -2) : pattern;
  const segments = base
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : escapeRegExp(segment)));
  const body = segments.map((s) => `/${s}`).join('');
  if (splat) return new RegExp(`^${body}(?:/.*)?$`);
  return new RegExp(`^${body || '/'}$`);
}

/** Whether a path (without query or trailing slash) is one of the given route patterns. */
export function clientRouteMatcher(patterns: readonly string[]): (pathname: string) => boolean {
  const regexps = patterns.map(routePatternRegExp);
  return (pathname) => regexps.some((r) => r.test(pathname));
}

/**
 * dist/pages/<this>: the templates of the pages the server renders from the database (news and
 * help, decision 070), route pattern → file. The build renders each once with stand-in text so
 * the template carries the CSS such a page needs inline; the server replaces the text.
 */
export const liveTemplatesFile = 'live.json';
