import { vi } from 'vitest';

/** What jsdom lacks and the app uses: window.scrollTo (after navigation) and element scrolling. */
export function installDomGaps(): void {
  Object.defineProperty(window, 'scrollTo', { configurable: true, writable: true, value: vi.fn() });
  Element.prototype.scrollIntoView = vi.fn();
}
