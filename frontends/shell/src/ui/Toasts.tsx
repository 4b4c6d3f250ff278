import { TOAST_DURATIONS, TOAST_LIMIT, TOAST_POSITION } from '@mediakit/web-ui/notifier';
import { type ComponentType, useEffect, useState, useSyncExternalStore } from 'react';
import type { ToastContainerProps } from 'react-toastify';
import { lazyToasts } from './lazy-toasts.ts';

type Container = ComponentType<ToastContainerProps>;
let loaded: Container | undefined;

/**
 * The one toast container; remotes' toasts land here too (they notify through the shell). It and
 * react-toastify load with the first toast, not with the page (see lazy-toasts.ts).
 *
 * Not React.lazy with Suspense: React shows a Suspense boundary's content no sooner than 300 ms
 * after its fallback, which held the first toast back; and a lazy component keeps a failed load,
 * so after a first toast asked for offline no toast ever showed. Here a failed load is tried again
 * with the next toast, as the toasts' own code is (lazy-toasts.ts).
 */
export function Toasts() {
  const requests = useSyncExternalStore(lazyToasts.subscribe, lazyToasts.requests);
  const [ToastContainer, setToastContainer] = useState(() => loaded);
  useEffect(() => {
    if (ToastContainer || requests === 0) return;
    let mounted = true;
    import('react-toastify').then(
      (library) => {
        loaded = library.ToastContainer;
        if (mounted) setToastContainer(() => library.ToastContainer);
      },
      () => {}, // offline: lazy-toasts.ts says so; the next toast tries again
    );
    return () => {
      mounted = false;
    };
  }, [ToastContainer, requests]);
  if (!ToastContainer) return null;
  return (
    <ToastContainer
      position={TOAST_POSITION}
      limit={TOAST_LIMIT}
      autoClose={TOAST_DURATIONS.blank}
      newestOnTop={false}
      closeOnClick
      pauseOnFocusLoss
      theme="light"
    />
  );
}
