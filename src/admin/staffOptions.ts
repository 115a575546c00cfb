import { QueryClient } from '@tanstack/react-query';
import { localStorageStore } from 'react-admin';

/**
 * react-admin keeps list filters, sorts and column choices in localStorage. Both areas share one
 * origin, so the staff area's keys carry their own prefix (DESIGN §1 pitfalls).
 */
export const staffStore = localStorageStore('1', 'PJTStaff');

const isClientError = (error: unknown) => {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status >= 400 && status < 500;
};

/**
 * Big lists are expensive: no refetch when the window regains focus. A refused call (4xx) is
 * final, so it is not retried; a network hiccup is, once.
 */
export function createStaffQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { refetchOnWindowFocus: false, retry: (failures, error) => !isClientError(error) && failures < 1 },
      mutations: { retry: false },
    },
  });
}
