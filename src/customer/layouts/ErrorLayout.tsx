import type { ReactNode } from 'react';
import '../mui-free/muiFree.css';

/**
 * The error layout (specification §2): a page of its own, without the navigation that may be what
 * failed. Its heading and text are the specification's; `children` adds what the visitor can do.
 * Plain markup and CSS in the first download: it must show even when no further chunk can be fetched.
 */
export function ErrorLayout({ children }: { children?: ReactNode }) {
  return (
    <main className="pj-error-page">
      <div className="pj-container pj-container-sm">
        <div className="pj-paper pj-error-card">
          <h1 className="pj-h1 pj-gutter">Error</h1>
          <p className="pj-body1 pj-error-text">There has been a problem</p>
          {children}
        </div>
      </div>
    </main>
  );
}
