import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { getAuthState, subscribeAuth } from '../../shared/auth';

/**
 * The one query cache of the customer app. This module, and react-query with it, loads with the
 * layouts that use it (signed in, public) and with the route loaders, never with /login: the
 * signed-out pages stay within their bundle budget (bench/bundle.ts).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A tab coming back into focus is no reason to ask again; pages reload on navigation.
      refetchOnWindowFocus: false,
      // A failure shows at once, as it did before react-query: the pages offer "Try again".
      retry: false,
      // An answer that failed is not asked again just because another component mounts; the
      // route loaders ask again on the next navigation to the page.
      retryOnMount: false,
      // Going back and forth between pages within a minute reuses the answers.
      staleTime: 60_000,
    },
  },
});

// The cache holds one account's answers (prices, orders): a sign-out or another sign-in empties it.
// The same token is the same account: a session restored after a reload keeps what its page
// started loading beside GET /api/user (routes.tsx).
let owner = { token: getAuthState().token, userId: getAuthState().user?.id ?? null };
subscribeAuth(() => {
  const { token, user } = getAuthState();
  const userId = user?.id ?? null;
  const changed = token !== owner.token || (userId !== null && owner.userId !== null && userId !== owner.userId);
  owner = { token, userId: userId ?? (changed ? null : owner.userId) };
  if (changed) queryClient.clear();
});

/** Gives the components below it the app's query cache. */
export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
