import { useQueryClient } from '@tanstack/react-query';

/**
 * After a change to a product's options or turnarounds: they are read again, and so is the product
 * (a new default turnaround changes its production days and its version).
 */
export function useChoicesRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(['option-groups', 'options', 'turnarounds', 'products'].map((resource) => queryClient.invalidateQueries({ queryKey: [resource] }))).then(
      () => undefined,
    );
}
