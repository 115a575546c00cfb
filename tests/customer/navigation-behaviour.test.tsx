import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { AppShell } from '../../src/customer/navigation/AppShell';
import { TitledOutlet } from '../../src/customer/navigation/TitledOutlet';
import { navigationProgress } from '../../src/customer/navigation/progress';
import { PageLoadError, loadWithTimeout, LAZY_LOAD_TIMEOUT_MS } from '../../src/customer/navigation/lazyModule';
import { reloadOncePerPath } from '../../src/customer/navigation/reloadOnce';
import { RouteErrorBoundary } from '../../src/customer/layouts/RouteErrorBoundary';
import { installDomGaps } from './helpers/dom';

// jsdom cannot reload a page: the boundary's default reload becomes a spy (the once-per-path logic stays real).
const reloadPage = vi.hoisted(() => vi.fn());
vi.mock('../../src/customer/navigation/reloadOnce', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/customer/navigation/reloadOnce')>();
  return { ...real, reloadOncePerPath: (path: string, reload?: () => void) => real.reloadOncePerPath(path, reload ?? reloadPage) };
});

/** A miniature of the app's route tree: the same shell, title outlet and error boundary. */
function renderRoutes(pages: RouteObject[], path = '/') {
  const router = createMemoryRouter([{ Component: AppShell, children: [{ Component: TitledOutlet, ErrorBoundary: RouteErrorBoundary, children: pages }] }], {
    initialEntries: [path],
  });
  render(<RouterProvider router={router} />);
  return router;
}

const page = (path: string, title: string, extra: Partial<RouteObject> = {}): RouteObject =>
  ({ path, handle: { title }, element: <h1>{title} page</h1>, ...extra }) as RouteObject;

function deferred() {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const bar = () => navigationProgress.getState();

beforeAll(() => installDomGaps());
beforeEach(() => {
  sessionStorage.clear();
  vi.mocked(window.scrollTo).mockClear();
});
afterEach(() => vi.useRealTimers());

describe('progress bar during navigation', () => {
  it('runs while a route is loading its data and finishes when the page shows', async () => {
    const data = deferred();
    const router = renderRoutes([page('/', 'Home'), page('/slow', 'Slow', { loader: () => data.promise.then(() => null) })]);
    await screen.findByText('Home page');

    let navigation!: Promise<void>;
    act(() => {
      navigation = router.navigate('/slow');
    });
    await vi.waitFor(() => expect(bar().visible && bar().percent < 100).toBe(true));
    expect(bar().failed).toBe(false);

    await act(async () => {
      data.resolve();
      await navigation;
    });
    expect(await screen.findByText('Slow page')).toBeInTheDocument();
    expect(bar()).toMatchObject({ percent: 100, failed: false });
  });

  it('a failing data load shows the error layout, and the bar turns red', async () => {
    const router = renderRoutes([
      page('/', 'Home'),
      page('/broken', 'Broken', {
        loader: () => {
          throw new Error('database down');
        },
      }),
    ]);
    await screen.findByText('Home page');
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);

    await act(() => router.navigate('/broken'));

    expect(screen.getByRole('heading', { name: 'Error' })).toBeInTheDocument();
    expect(screen.getByText('There has been a problem')).toBeInTheDocument();
    expect(bar()).toMatchObject({ visible: true, percent: 100, failed: true });
    expect(document.title).toBe('Error | Print Junction Trade');
    consoleError.mockRestore();
  });
});

describe('a lazily loaded page that fails to load', () => {
  const failingLazy = () => loadWithTimeout<{ default: () => null }>(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));

  it('reloads the browser once per path: the first failure marks the path and renders nothing', async () => {
    const reload = vi.fn();
    expect(reloadOncePerPath('/orders', reload)).toBe(true);
    expect(reloadOncePerPath('/orders', reload)).toBe(false);
    expect(reloadOncePerPath('/prices', reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('in the router: first failure → reload mark set and no error page; a second failure → error layout', async () => {
    const router = renderRoutes([page('/', 'Home'), { path: '/orders', lazy: async () => ({ Component: (await failingLazy()).default }) }]);
    await screen.findByText('Home page');
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);

    reloadPage.mockClear();
    await act(() => router.navigate('/orders'));
    expect(reloadPage).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem('reloaded-after-load-failure:/orders')).not.toBeNull();
    expect(screen.queryByRole('heading', { name: 'Error' })).toBeNull();

    await act(() => router.navigate('/'));
    await act(() => router.navigate('/orders'));
    expect(await screen.findByRole('heading', { name: 'Error' })).toBeInTheDocument();
    expect(reloadPage).toHaveBeenCalledTimes(1); // not again: a broken deploy cannot loop
    consoleError.mockRestore();
  });

  it('a page that has not arrived after 120 s counts as failed', async () => {
    vi.useFakeTimers();
    const never = loadWithTimeout(() => new Promise<never>(() => undefined));
    const outcome = never.catch((error: unknown) => error);
    vi.advanceTimersByTime(LAZY_LOAD_TIMEOUT_MS - 1);
    await Promise.resolve();
    vi.advanceTimersByTime(1);
    expect(await outcome).toBeInstanceOf(PageLoadError);
    expect(LAZY_LOAD_TIMEOUT_MS).toBe(120_000);
  });
});

describe('scrolling after navigation', () => {
  it('scrolls to the top 190 ms after a navigation, not before', async () => {
    const router = renderRoutes([page('/', 'Home'), page('/next', 'Next')]);
    await screen.findByText('Home page');
    vi.useFakeTimers();
    vi.mocked(window.scrollTo).mockClear();

    await act(() => router.navigate('/next'));
    act(() => vi.advanceTimersByTime(189));
    expect(window.scrollTo).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('scrolls to the hash target instead when there is one', async () => {
    const router = renderRoutes([page('/', 'Home'), page('/terms', 'Terms', { element: <section id="payment">Payment terms</section> })]);
    await screen.findByText('Home page');
    vi.useFakeTimers();
    vi.mocked(window.scrollTo).mockClear();
    const scrollIntoView = vi.mocked(Element.prototype.scrollIntoView);
    scrollIntoView.mockClear();

    await act(() => router.navigate('/terms#payment'));
    act(() => vi.advanceTimersByTime(190));
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(scrollIntoView.mock.contexts[0]).toBe(screen.getByText('Payment terms'));
    expect(window.scrollTo).not.toHaveBeenCalled();
  });

  it('falls back to the top when the hash names nothing on the page', async () => {
    const router = renderRoutes([page('/', 'Home'), page('/next', 'Next')]);
    await screen.findByText('Home page');
    vi.useFakeTimers();
    vi.mocked(window.scrollTo).mockClear();
    await act(() => router.navigate('/next#missing'));
    act(() => vi.advanceTimersByTime(190));
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
  });
});

describe('page titles', () => {
  it('are "<page title> | Print Junction Trade" and follow the navigation', async () => {
    const router = renderRoutes([page('/', 'Home'), page('/prices', 'Prices')]);
    await screen.findByText('Home page');
    expect(document.title).toBe('Home | Print Junction Trade');
    await act(() => router.navigate('/prices'));
    expect(document.title).toBe('Prices | Print Junction Trade');
  });
});
