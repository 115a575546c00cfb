import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { customerRoutes } from '../../../src/customer/routes';

export type TestRouter = ReturnType<typeof createMemoryRouter>;

/**
 * The whole customer app on a memory router, started at `path`; resolves once it is idle. As in the
 * browser, no MUI theme around it: the layouts that use MUI bring theirs (layouts/MuiTheme.tsx).
 */
export async function renderApp(path: string) {
  const router = createMemoryRouter(customerRoutes(), { initialEntries: [path] });
  const view = render(<RouterProvider router={router} />);
  await settleRouter(router);
  return { router, ...view };
}

/** Waits until the router has finished navigating (guards, lazy pages) and React has rendered. */
export async function settleRouter(router: TestRouter): Promise<void> {
  for (let i = 0; i < 200; i++) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
    });
    if (router.state.initialized && router.state.navigation.state === 'idle') return;
  }
  throw new Error(`The router did not settle: ${router.state.navigation.state} ${router.state.navigation.location?.pathname}`);
}

/** Where the router is now, path and query. */
export function here(router: TestRouter): string {
  return router.state.location.pathname + router.state.location.search;
}
