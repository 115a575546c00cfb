import { useMemo, useSyncExternalStore } from 'react';
import type { User } from '../api';
import { getAuthState, subscribeAuth } from './state';

export interface AuthView {
  user: User | null;
  token: string | null;
  signedIn: boolean;
}

/** The session for components; re-renders when it changes. */
export function useAuth(): AuthView {
  const state = useSyncExternalStore(subscribeAuth, getAuthState, getAuthState);
  return useMemo(() => ({ user: state.user, token: state.token, signedIn: state.user !== null }), [state]);
}
