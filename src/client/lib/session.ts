import { useEffect } from 'react';
import { api } from './api-client';
import { createStore, useStore } from './store';

export interface SessionUser {
  id: string;
  email: string;
  firstName?: string | null;
  lastName?: string | null;
  role?: string;
  twoFactorEnabled?: boolean;
  /** This session presented a second factor; the staff console needs it, not only two-factor on the account. */
  secondFactorPresented?: boolean;
}

/** Set while a staff member views a customer's dashboard read-only. */
export interface ViewAs {
  customerId: string;
  customerEmail: string;
  staffEmail: string;
}

interface SessionState {
  /** undefined until the server has answered */
  user: SessionUser | null | undefined;
  viewAs?: ViewAs | null;
  error: boolean;
  /** true when this tab signed out on purpose; protected pages then leave quietly. */
  signedOut?: boolean;
}

/**
 * Who is signed in. Kept outside the query cache so that public pages, which only need this and
 * the catalog, do not load the data-fetching library.
 */
const store = createStore<SessionState>({ user: undefined, error: false });
let inflight: Promise<void> | undefined;

export function refreshSession(): Promise<void> {
  inflight ??= api<{ user: SessionUser | null; viewAs?: ViewAs | null }>('/auth/session')
    .then((r) => store.set({ user: r.user, viewAs: r.viewAs ?? null, error: false }))
    .catch(() => store.set({ user: store.get().user ?? null, error: true }))
    .finally(() => {
      inflight = undefined;
    });
  return inflight;
}

export function setSessionUser(user: SessionUser | null, options: { signedOut?: boolean } = {}) {
  store.set({ user, error: false, signedOut: user === null && Boolean(options.signedOut) });
}

/** The signed-in user, `null` when signed out, `undefined` while it is being asked. */
export function useSession() {
  const state = useStore(store);
  useEffect(() => {
    // The store, not the render: a page hydrated with the user still unknown (lib/store.ts) after
    // the session had answered would otherwise ask again.
    if (store.get().user === undefined && !inflight) void refreshSession();
  }, [state.user]);
  return {
    user: state.user,
    viewAs: state.viewAs ?? null,
    isLoading: state.user === undefined,
    isError: state.error,
    signedOut: Boolean(state.signedOut),
  };
}
