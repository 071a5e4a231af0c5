import { useEffect, useState } from 'react';
import { api } from './api-client';

let request: Promise<string[]> | undefined;
let primed: ReadonlySet<string> | undefined;

/** The list the server rendered the page with (decision 070): its footer never linked to them. */
export function primeUnpublishedPaths(paths: readonly string[]) {
  primed = new Set(paths);
}

/**
 * The paths of staff-written pages that are not published (a sample About or SLA in production,
 * decision 056), so the footer does not link to a 404. A page the server rendered brings the list
 * along; the app shell asks once per page load, after hydration, and an error there leaves every
 * link in place.
 */
export function useUnpublishedPaths(): ReadonlySet<string> {
  const [paths, setPaths] = useState<ReadonlySet<string>>(() => primed ?? new Set());
  useEffect(() => {
    if (primed) return;
    let live = true;
    request ??= api<{ paths: string[] }>('/content/unpublished')
      .then((r) => r.paths)
      .catch(() => []);
    void request.then((list) => {
      if (live && list.length > 0) setPaths(new Set(list));
    });
    return () => {
      live = false;
    };
  }, []);
  return paths;
}
