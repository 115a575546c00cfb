import { useEffect, useRef, type RefObject } from 'react';
import { focusLost, restoreFocus } from '../../shared/ui/focus';

/**
 * When the element that had focus inside `container` leaves the page with a re-render (the Remove
 * button of an item just removed, once its dialog is done), `fallback()` takes focus, so the
 * keyboard user goes on from there instead of from the top of the page.
 */
export function useFocusFallback(container: RefObject<HTMLElement | null>, fallback: () => HTMLElement | null | undefined): void {
  const focused = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const remember = (event: FocusEvent) => {
      const target = event.target;
      if (!(target instanceof HTMLElement)) return;
      // A dialog opened from inside (Remove this item?) is part of the same errand: what opened it is remembered.
      if (target.closest('[role="dialog"],[role="alertdialog"]')) return;
      focused.current = container.current?.contains(target) ? target : null;
    };
    document.addEventListener('focusin', remember);
    return () => document.removeEventListener('focusin', remember);
  }, [container]);
  // After every render: the check is two property reads unless focus was lost.
  useEffect(() => {
    const was = focused.current;
    if (was && !was.isConnected && focusLost()) restoreFocus(fallback());
  });
}
