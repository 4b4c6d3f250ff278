import { describeError } from '@mediakit/web-api/errors';
import type { ReactNode } from 'react';

/** A failed load, said plainly, with a way to try again (the error dialog already showed details). */
export function LoadError({ what, error, onRetry }: { what: string; error?: unknown; onRetry: () => void }) {
  return (
    <div className="notice error-state" role="alert">
      <p>
        {what} could not be loaded{error ? `: ${describeError(error).message}` : '.'}
      </p>
      <button type="button" className="button" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

/** Nothing to show yet, and what to do about it. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="empty-state">
      <p className="empty-title">{title}</p>
      {children}
    </div>
  );
}
