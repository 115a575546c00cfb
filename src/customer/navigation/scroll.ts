/** Specification §9: the page scrolls this long after a navigation. */
export const SCROLL_DELAY_MS = 190;

/** The element a location hash names, if the page has one (ids may be percent-encoded in URLs). */
export function hashTarget(hash: string): HTMLElement | null {
  if (!hash || hash === '#') return null;
  const id = hash.slice(1);
  let decoded = id;
  try {
    decoded = decodeURIComponent(id);
  } catch {
    // A malformed escape: look the raw id up instead.
  }
  return document.getElementById(decoded) ?? document.getElementById(id);
}

/** Scrolls to the hash target when there is one, otherwise to the top of the page. */
export function scrollAfterNavigation(hash: string): void {
  const target = hashTarget(hash);
  if (target) target.scrollIntoView();
  else window.scrollTo(0, 0);
}
