import type { RemoteName, RemoteRoutesModule } from '@mediakit/web-ui/contract';
import { ErrorBoundary } from '@mediakit/web-ui/ErrorBoundary';
import { RemoteErrorPanel } from '@mediakit/web-ui/RemoteErrorPanel';
import { Skeleton } from '@mediakit/web-ui/Skeleton';
import { useCallback, useEffect, useState } from 'react';
import { loadRemoteRoutes } from './remote-loader.ts';
import { useHost } from './use-host.ts';

type LoadState =
  | { status: 'loading' }
  | { status: 'ready'; module: RemoteRoutesModule }
  | { status: 'failed'; retrying: boolean };

/** One of the shell's routes whose page lives in a remote, loaded at runtime. */
export function RemoteRoute({ remote, pattern }: { remote: RemoteName; pattern: string }) {
  const host = useHost();
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    if (attempt > 0) console.info(`Loading the ${remote} remote again (attempt ${attempt + 1}).`);
    loadRemoteRoutes(remote).then(
      (module) => current && setState({ status: 'ready', module }),
      (error) => {
        console.error(`The ${remote} remote failed to load:`, error);
        if (current) setState({ status: 'failed', retrying: false });
      },
    );
    return () => {
      current = false;
    };
  }, [remote, attempt]);

  const retry = useCallback(() => {
    setState({ status: 'failed', retrying: true });
    setAttempt((n) => n + 1);
  }, []);

  if (state.status === 'loading') return <Skeleton label="Loading the page" lines={6} />;
  if (state.status === 'failed') return <RemoteErrorPanel onRetry={retry} retrying={state.retrying} />;
  const Page = state.module.routes[pattern];
  if (!Page) return <RemoteErrorPanel onRetry={retry} />;
  return (
    <ErrorBoundary
      label="A remote page failed to render:"
      fallback={(reset) => <RemoteErrorPanel onRetry={reset} />}
    >
      <Page host={host} />
    </ErrorBoundary>
  );
}
