import { useEffect } from 'react';
import { defaultBusinessRules, type BusinessRules } from '../../shared/business-rules';
import { createStore, useStore } from './store';

/*
 * The rules staff set in Settings → Business rules (refund window, dunning days, SLA credits, the
 * affiliate programme), as the pages that state them read them (decision 055). A page first
 * renders the defaults, which is what its prerendered HTML holds, then the shop's own rules from
 * the public GET /api/brand, once per page load.
 */

const store = createStore<BusinessRules>(defaultBusinessRules);
let asked = false;

function load() {
  asked = true;
  fetch('/api/brand', { credentials: 'same-origin', headers: { accept: 'application/json' } })
    .then(async (response) => {
      if (!response.ok) throw new Error(`GET /api/brand answered ${response.status}`);
      const { rules } = (await response.json()) as { rules?: BusinessRules };
      if (rules && JSON.stringify(rules) !== JSON.stringify(store.get())) store.set(rules);
    })
    // Not fatal: the page keeps stating the defaults, and the next page load asks again.
    .catch(() => {
      asked = false;
    });
}

export function useBusinessRules(): BusinessRules {
  useEffect(() => {
    if (!asked) load();
  }, []);
  return useStore(store);
}

/** Tests: start again from the defaults. */
export function resetBusinessRules() {
  asked = false;
  store.set(defaultBusinessRules);
}
