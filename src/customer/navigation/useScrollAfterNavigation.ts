import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { focusLost } from '../../shared/ui/focus';
import { SCROLL_DELAY_MS, scrollAfterNavigation } from './scroll';

/**
 * After every navigation (each has its own location key) wait 190 ms — the new page has rendered
 * and laid out by then — and scroll to the hash target, or to the top. When the navigation took
 * away what had focus (the form that was sent, the link that was followed), the page's main region
 * takes it: the next Tab goes on from the new page's content, not from the top of the document.
 */
export function useScrollAfterNavigation(): void {
  const { key, hash } = useLocation();
  useEffect(() => {
    const timer = setTimeout(() => {
      scrollAfterNavigation(hash);
      if (key !== 'default' && focusLost()) document.getElementById('main')?.focus({ preventScroll: true });
    }, SCROLL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [key, hash]);
}
