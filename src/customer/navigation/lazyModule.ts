/** Specification §9: a lazily loaded script that has not arrived after this long has failed. */
export const LAZY_LOAD_TIMEOUT_MS = 120_000;

/**
 * A lazily loaded page (or layout) that could not be fetched: usually a new deploy replaced the
 * chunk files, sometimes the network. The error boundary reloads the browser for it.
 */
export class PageLoadError extends Error {
  constructor(cause: unknown) {
    super('A part of the application could not be loaded', { cause });
    this.name = 'PageLoadError';
  }
}

/** Resolves like `load()`, or rejects with a PageLoadError when it fails or takes too long. */
export function loadWithTimeout<T>(load: () => Promise<T>, timeoutMs: number = LAZY_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new PageLoadError(new Error(`No answer after ${timeoutMs} ms`))), timeoutMs);
    load().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new PageLoadError(error));
      },
    );
  });
}
