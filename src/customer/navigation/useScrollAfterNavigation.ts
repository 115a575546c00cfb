import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { SCROLL_DELAY_MS, scrollAfterNavigation } from './scroll';

/**
 * After every navigation (each has its own location key) wait 190 ms — the new page has rendered
 * and laid out by then — and scroll to the hash target, or to the top.
 */
export function useScrollAfterNavigation(): void {
  const { key, hash } = useLocation();
  useEffect(() => {
    const timer = setTimeout(() => scrollAfterNavigation(hash), SCROLL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [key, hash]);
}
