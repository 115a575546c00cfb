/**
 * Keeping keyboard focus somewhere meaningful. A button that is disabled, or a part of the page that
 * is replaced, while it has focus drops focus to <body>: the next Tab starts again from the top of
 * the page. These helpers notice that and put focus back where the user was.
 */

/** The last element that had focus (not <body>), kept by the listener trackFocus() installs. */
let lastFocused: HTMLElement | null = null;
let tracking = false;

/** Starts remembering the last focused element; once per page, as early as possible (the HTTP client does it). */
export function trackFocus(): void {
  if (tracking || typeof document === 'undefined') return;
  tracking = true;
  document.addEventListener('focusin', (event) => {
    if (event.target instanceof HTMLElement && event.target !== document.body) lastFocused = event.target;
  });
}

/** True when nothing useful has focus: <body>, nothing, or an element no longer on the page. */
export function focusLost(): boolean {
  const active = document.activeElement;
  return !active || active === document.body || active === document.documentElement || !active.isConnected;
}

/** Whether `element` is on the page and can take focus now. */
function focusable(element: Element | null | undefined): element is HTMLElement {
  if (!(element instanceof HTMLElement) || !element.isConnected) return false;
  if ((element as HTMLButtonElement).disabled || element.closest('[inert],[aria-hidden="true"]')) return false;
  return element.getClientRects().length > 0;
}

/**
 * Focuses the first of `candidates` that can take focus, else the last element that had focus,
 * else the page's main region. Answers the element focused, if any.
 */
export function restoreFocus(...candidates: Array<Element | null | undefined>): HTMLElement | null {
  for (const candidate of [...candidates, lastFocused, document.getElementById('main')]) {
    if (focusable(candidate)) {
      candidate.focus({ preventScroll: true });
      if (document.activeElement === candidate) return candidate;
    }
  }
  return null;
}

/** The element with focus now, or — when focus was already lost — the last one that had it. */
export function currentFocus(): HTMLElement | null {
  return focusLost() ? lastFocused : (document.activeElement as HTMLElement);
}
