import { Spinner } from './Spinner';

/**
 * The small "Loading / Please wait" indicator; a polite live region for screen readers. Plain
 * markup and CSS (MUI's look, not its code): it is what the first page load shows, before any
 * MUI page has been fetched.
 */
export function LoadingIndicator() {
  return (
    <div className="pj-loading" role="status" aria-live="polite">
      {/* The texts say it already; the spinner is decoration. */}
      <Spinner size={32} />
      <div>
        <p className="pj-loading-title">Loading</p>
        <p className="pj-loading-hint">Please wait</p>
      </div>
    </div>
  );
}
