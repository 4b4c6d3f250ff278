import { type ComponentType, lazy, Suspense, useSyncExternalStore } from 'react';
import type { ToastContainerProps } from 'react-toastify';
import { lazyToasts } from './lazy-toasts.ts';
import { TOAST_DURATIONS, TOAST_LIMIT, TOAST_POSITION } from './notifier.ts';

// A container that could not load (offline) renders nothing rather than taking the page down;
// the toasts themselves try again (lazy-toasts.ts).
const ToastContainer = lazy(() =>
  import('react-toastify').then(
    (library): { default: ComponentType<ToastContainerProps> } => ({ default: library.ToastContainer }),
    () => ({ default: () => null }),
  ),
);

/**
 * The one toast container; remotes' toasts land here too (they notify through the shell). It and
 * react-toastify load with the first toast, not with the page (see lazy-toasts.ts).
 */
export function Toasts() {
  const requested = useSyncExternalStore(lazyToasts.subscribe, lazyToasts.requested);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer
        position={TOAST_POSITION}
        limit={TOAST_LIMIT}
        autoClose={TOAST_DURATIONS.blank}
        newestOnTop={false}
        closeOnClick
        pauseOnFocusLoss
        theme="light"
      />
    </Suspense>
  );
}
