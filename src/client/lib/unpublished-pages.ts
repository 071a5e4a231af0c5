import { useEffect, useState } from 'react';
import { api } from './api-client';

let request: Promise<string[]> | undefined;

/**
 * The paths of staff-written pages that are not published (a sample About or SLA in production,
 * decision 056), so the footer does not link to a 404. Asked once per page load, after hydration,
 * so the first render matches the prerendered HTML; an error leaves every link in place.
 */
export function useUnpublishedPaths(): ReadonlySet<string> {
  const [paths, setPaths] = useState<ReadonlySet<string>>(() => new Set());
  useEffect(() => {
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
