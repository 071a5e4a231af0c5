import { startTransition, useEffect, useState } from 'react';
import type { PublicStatus } from '../../../../shared/schemas/status';
import { api } from '../../../lib/api-client';

/** GET /api/status: the product's own checks and the incidents staff posted. */
export function getStatus() {
  return api<PublicStatus>('/status');
}

/**
 * Loaded after the prerendered shell, then every minute (as often as the checks run). A plain
 * effect rather than the query cache, so this public page loads no more script than it needs.
 */
export function useStatus(): { data: PublicStatus | undefined; isError: boolean } {
  const [state, setState] = useState<{ data: PublicStatus | undefined; isError: boolean }>({ data: undefined, isError: false });
  useEffect(() => {
    let live = true;
    const load = () =>
      getStatus().then(
        // In a transition, so React renders the few hundred daily bars in slices between which the
        // page stays responsive, rather than in one long task (Lighthouse's total blocking time).
        (data) => live && startTransition(() => setState({ data, isError: false })),
        () => live && setState((s) => ({ data: s.data, isError: true })),
      );
    void load();
    const timer = setInterval(() => void load(), 60_000);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, []);
  return state;
}
