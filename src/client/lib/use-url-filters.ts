import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';

export type UrlFilters<K extends string> = Partial<Record<K, string>>;

/**
 * A list's filters kept in the page URL under the names the API reads (?q=&status=&sort=&page=),
 * so a reload or a shared link shows the same rows and a tile can link to a filtered list. Only
 * `keys` are read; an empty value leaves the URL. Any change but the page goes back to page 1.
 * With a `q` key, `search` is the search box's text, which becomes `q` once the typing pauses.
 */
export function useUrlFilters<K extends string>(keys: readonly K[], options: { delayMs?: number } = {}) {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  // A router that follows the address bar (the browser's, not a memory router in tests or the prerender).
  const followsAddressBar = typeof window !== 'undefined' && window.location.pathname === pathname;
  const values: UrlFilters<K> = {};
  for (const key of keys) {
    const value = params.get(key);
    if (value) values[key] = value;
  }

  // Several boxes can commit in the same moment (their pauses end together); each change builds
  // on the last one asked for, not on the URL of the render that scheduled it.
  const latest = useRef(params);
  const pending = useRef<URLSearchParams | null>(null);
  useEffect(() => {
    latest.current = params;
    pending.current = null;
  }, [params]);

  function patch(changes: UrlFilters<K>) {
    // A search whose pause ends after a click on a result would take the page back to the list:
    // the router keeps this page mounted while the next one loads, but the address has moved on.
    if (followsAddressBar && window.location.pathname !== pathname) return;
    const next = new URLSearchParams(pending.current ?? latest.current);
    for (const [key, value] of Object.entries<string | undefined>(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    if (!('page' in changes)) next.delete('page');
    pending.current = next;
    setParams(next, { replace: true });
  }

  /** Empties every key but those kept (the sort order, say). */
  function clear(keep: readonly K[] = []) {
    patch(Object.fromEntries(keys.filter((k) => !keep.includes(k)).map((k) => [k, ''])) as UrlFilters<K>);
  }

  const box = useDraft({
    committed: (values as UrlFilters<string>).q ?? '',
    parse: (text) => text.trim(),
    format: (value) => value,
    commit: (q) => patch({ q } as UrlFilters<K>),
    delayMs: options.delayMs,
  });

  return { params: values, patch, clear, search: box.draft, setSearch: box.setDraft };
}

/**
 * A box typed into (search, amounts) that becomes a URL value once the typing pauses. `parse`
 * turns the text into the URL value, or null while it is not valid; the box follows the URL
 * when the URL changes from elsewhere (clearing the filters, going back).
 */
export function useDraft(options: {
  committed: string;
  parse: (text: string) => string | null;
  format: (value: string) => string;
  commit: (value: string) => void;
  delayMs?: number;
}) {
  const { committed, parse, format, commit, delayMs = 300 } = options;
  const [draft, setDraft] = useState(() => format(committed));
  const parsed = parse(draft);
  const seen = useRef(committed);

  useEffect(() => {
    if (committed === seen.current) return;
    seen.current = committed;
    if (parse(draft) !== committed) setDraft(format(committed));
    // only an outside change of the URL resets the box; typing is handled below
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [committed]);

  useEffect(() => {
    if (parsed === null || parsed === committed) return;
    const timer = setTimeout(() => {
      seen.current = parsed;
      commit(parsed);
    }, delayMs);
    return () => clearTimeout(timer);
    // commit only touches the URL; re-running on its identity would restart the timer every render
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [parsed, committed, delayMs]);

  return { draft, setDraft, invalid: parsed === null };
}
