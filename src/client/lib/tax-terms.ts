import { useEffect } from 'react';
import type { BillingDetails, BillingDetailsInput, BillingDetailsResponse, TaxTerms } from '../../shared/schemas/tax';
import { api } from './api-client';
import { createStore, useStore } from './store';

/*
 * GET /api/tax/terms and the customer's billing details, shared by the configurator, the pack
 * dialog and Settings. Kept outside the query cache, like the session, so public pages do not load
 * the data-fetching library.
 */

interface TermsState {
  /** Whose terms these are ('' signed out); undefined until asked. */
  userId?: string;
  /** null when they could not be loaded (the checkout then asks the server). */
  terms?: TaxTerms | null;
}

const store = createStore<TermsState>({});
let inflight: { userId: string; promise: Promise<void> } | undefined;

export function refreshTaxTerms(userId: string): Promise<void> {
  if (inflight?.userId === userId) return inflight.promise;
  const promise = api<TaxTerms>('/tax/terms')
    .then((terms) => store.set({ userId, terms }))
    .catch(() => store.set({ userId, terms: null }))
    .finally(() => {
      if (inflight?.promise === promise) inflight = undefined;
    });
  inflight = { userId, promise };
  return promise;
}

/**
 * The tax terms for whoever is signed in (`userId`, '' when signed out, undefined while the
 * session is asked): undefined until known, null if they could not be loaded.
 */
export function useTaxTerms(userId: string | undefined): TaxTerms | null | undefined {
  const state = useStore(store);
  useEffect(() => {
    if (userId !== undefined && state.userId !== userId) void refreshTaxTerms(userId);
  }, [userId, state.userId]);
  return userId !== undefined && state.userId === userId ? state.terms : undefined;
}

export function getBillingDetails(signal?: AbortSignal) {
  return api<BillingDetailsResponse>('/account/billing-details', { signal });
}

/** Saves the signed-in customer's billing details, and asks for their tax terms again. */
export async function saveBillingDetails(userId: string, input: BillingDetailsInput): Promise<BillingDetails> {
  const saved = await api<BillingDetails>('/account/billing-details', { method: 'PUT', body: input });
  await refreshTaxTerms(userId);
  return saved;
}
