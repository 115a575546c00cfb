const KEY_PREFIX = 'reloaded-after-load-failure:';

/** True once this tab has reloaded for this path (or when storage cannot tell: then never reload). */
export function wasReloadedFor(path: string): boolean {
  try {
    return sessionStorage.getItem(KEY_PREFIX + path) !== null;
  } catch {
    return true;
  }
}

/**
 * Specification §8: when a lazily loaded page fails to load, the browser reloads (fetching the
 * current index.html and its chunks). Once per path and browser tab: the mark in sessionStorage
 * survives the reload, so a deploy that is really broken shows the error layout instead of
 * reloading for ever. Returns true when a reload was started.
 */
export function reloadOncePerPath(path: string, reload: () => void = () => window.location.reload()): boolean {
  if (wasReloadedFor(path)) return false;
  try {
    sessionStorage.setItem(KEY_PREFIX + path, String(Date.now()));
  } catch {
    // Storage refused (quota): without a mark we cannot stop a loop, so do not reload.
    return false;
  }
  reload();
  return true;
}
