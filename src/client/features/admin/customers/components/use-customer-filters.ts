import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { customerParamKeys, type CustomerParams } from '../api/get-customers';

/**
 * The list's state lives in the URL (/admin/customers?q=&filter=&since=&sort=&page=), so the staff
 * home's tiles link straight to a filtered list and a reload keeps it. Typing in the search box
 * is debounced before it becomes a query; any change but the page goes back to page 1.
 */
export function useCustomerFilters(delayMs = 300) {
  const [params, setParams] = useSearchParams();
  const current: CustomerParams = {};
  for (const key of customerParamKeys) {
    const value = params.get(key);
    if (value) current[key] = value;
  }
  const [search, setSearch] = useState(current.q ?? '');

  function patch(changes: CustomerParams) {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace: true },
    );
  }

  const committed = current.q ?? '';
  useEffect(() => {
    if (search.trim() === committed) return;
    const timer = setTimeout(() => patch({ q: search.trim() }), delayMs);
    return () => clearTimeout(timer);
    // patch only touches the URL; re-running on its identity would restart the timer every render
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search, committed, delayMs]);

  return { params: current, search, setSearch, patch };
}
