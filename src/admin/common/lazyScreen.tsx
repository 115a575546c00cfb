import Box from '@mui/material/Box';
import { lazy, Suspense, type ComponentType, type ReactElement } from 'react';
import { LoadingIndicator } from '../../shared/ui';

/**
 * What a staff screen shows while its code arrives: the site's "Loading / Please wait" where the
 * screen will be, inside the layout (the app bar and the menu stay put), with the height of a page
 * so that the footer of the layout does not jump up and back down.
 */
export function ScreenLoading() {
  return (
    <Box sx={{ minHeight: '60vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <LoadingIndicator />
    </Box>
  );
}

/**
 * A staff screen fetched when first shown (the staff area's first chunk stays within its
 * budget): `lazyScreen(() => import('./UserList'), (m) => m.UserList)` is a component to give
 * react-admin's <Resource list>, with its own loading state. The module is fetched once; a screen
 * that fails to arrive throws to the layout's error page, as any failing screen does.
 */
export function lazyScreen<M, P extends object>(load: () => Promise<M>, pick: (module: M) => ComponentType<P>): (props: P) => ReactElement {
  const Screen = lazy(async () => ({ default: pick(await load()) })) as unknown as ComponentType<P>;
  return function LazyScreen(props: P) {
    return (
      <Suspense fallback={<ScreenLoading />}>
        <Screen {...props} />
      </Suspense>
    );
  };
}
