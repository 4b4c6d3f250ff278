import { type ComponentType, lazy } from 'react';
import { RemoteErrorPanel } from './RemoteErrorPanel.tsx';

/**
 * A page in a chunk of its own, fetched the first time it is shown, so a first visit downloads the
 * page it opens and not the others; the nearest Suspense shows a placeholder meanwhile. If the
 * chunk cannot be fetched (offline, or a deploy replaced it) the page says so instead of the app
 * going blank, and offers a reload: the retry that works in both cases, since React keeps a
 * failed lazy component failed.
 */
export function lazyPage<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  return lazy(() =>
    load().then(
      (Page) => ({ default: Page }),
      (error: unknown) => {
        console.error('A page failed to load:', error);
        return { default: () => <RemoteErrorPanel onRetry={() => window.location.reload()} /> };
      },
    ),
  );
}
