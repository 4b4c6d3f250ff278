import { ErrorBoundary } from '@mediakit/web-ui/ErrorBoundary';
import type { ReactNode } from 'react';

interface LazyPartProps {
  children: ReactNode;
  /**
   * Shown when its code failed to load, with a retry (a lazyComponent fetches again). Nothing by
   * default: for a part the page works without, such as an editor beside the form.
   */
  failed?: (retry: () => void) => ReactNode;
}

/**
 * A lazily loaded part inside the page (a lazyComponent, which shows nothing while its code loads:
 * it arrives where nothing was), with its own failure state rather than the whole page's error
 * panel, so the page keeps what the visitor did (their uploads, a finished job).
 */
export function LazyPart({ children, failed }: LazyPartProps) {
  return (
    <ErrorBoundary label="Part of the page failed to load:" fallback={(retry) => failed?.(retry) ?? null}>
      {children}
    </ErrorBoundary>
  );
}
