import { useEffect, useState } from 'react';
import { api, ApiError } from '../../../lib/api-client';
import { useLocale } from '../../../lib/i18n';
import { primedPageData } from '../../../lib/page-content';

export type Loaded<T> = { state: 'loading' } | { state: 'missing' } | { state: 'failed' } | { state: 'ready'; data: T };

/**
 * GET `path` in the page's language (`lang=`), for the news and help pages. A plain effect, as the
 * status page does: public pages do not load the query cache. A null path asks for nothing. The
 * answer the server rendered the page with (decision 070) is used as it is, with no request.
 */
export function usePublicContent<T>(path: string | null): Loaded<T> {
  const locale = useLocale();
  const [result, setResult] = useState<{ key: string; loaded: Loaded<T> }>();
  const key = path === null ? '' : `${path}${path.includes('?') ? '&' : '?'}lang=${encodeURIComponent(locale)}`;
  const primed = key ? (primedPageData(key) as T | undefined) : undefined;
  useEffect(() => {
    if (!key || primed !== undefined) return;
    const controller = new AbortController();
    api<T>(key, { signal: controller.signal })
      .then((data) => setResult({ key, loaded: { state: 'ready', data } }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setResult({ key, loaded: { state: error instanceof ApiError && error.status === 404 ? 'missing' : 'failed' } });
      });
    return () => controller.abort();
  }, [key, primed]);
  if (result?.key === key) return result.loaded;
  return primed !== undefined ? { state: 'ready', data: primed } : { state: 'loading' };
}

/** A date as the page's language writes it ("27 October 2026", "27. Oktober 2026"). */
export function useLongDate(): (iso: string) => string {
  const locale = useLocale();
  const format = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' });
  return (iso) => format.format(new Date(iso));
}
