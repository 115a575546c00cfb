import { vi } from 'vitest';

/**
 * What jsdom lacks and sweetalert2 uses: matchMedia (the colour scheme, when it draws an icon) and
 * scrollTo (restoring the scroll position on close). Every real browser has both.
 */
if (typeof window.matchMedia !== 'function') {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: vi.fn((query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    })),
  });
}
Object.defineProperty(window, 'scrollTo', { configurable: true, value: vi.fn() });
