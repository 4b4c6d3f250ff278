import type { ToastApi, ToastId } from '@mediakit/web-ui/notifier';

/**
 * react-toastify, loaded with the first toast instead of with every page (it was about 10 KB gzip
 * of each first load, and most visits never show a toast). The ToastApi handed out here answers at
 * once with an id of its own (passed to react-toastify as `toastId`), so a caller can dismiss a
 * loading toast before the library has arrived; calls run in order once it has. react-toastify
 * queues toasts shown before its container mounts, and the container loads with the first toast
 * (see Toasts.tsx).
 */
export interface LazyToasts {
  api: ToastApi;
  /**
   * How many toasts were asked for. The container loads its code after the first, and again after
   * each later one while it has none (the first load failed: offline).
   */
  requests(): number;
  subscribe(listener: () => void): () => void;
}

type ToastKind = 'success' | 'error' | 'loading';
type Options = Parameters<ToastApi>[1];

export function createLazyToasts(load: () => Promise<ToastApi>): LazyToasts {
  const listeners = new Set<() => void>();
  let library: Promise<ToastApi> | undefined;
  let requests = 0;
  let nextId = 0;

  const withLibrary = (use: (toast: ToastApi) => void) => {
    library ??= load();
    library.then(use, (error: unknown) => {
      // Offline, say: forget the failed load, so the next toast tries again.
      library = undefined;
      console.error('Could not load the notifications', error);
    });
  };

  const show =
    (kind?: ToastKind) =>
    (content: string, options?: Options): ToastId => {
      nextId += 1;
      const toastId = `mk-toast-${nextId}`;
      requests += 1;
      for (const listener of listeners) listener();
      withLibrary((toast) => {
        const withId = { ...options, toastId } as Options;
        if (kind) toast[kind](content, withId);
        else toast(content, withId);
      });
      return toastId;
    };

  const api = Object.assign(show(), {
    success: show('success'),
    error: show('error'),
    loading: show('loading'),
    dismiss: (id?: ToastId) => {
      if (requests > 0) withLibrary((toast) => toast.dismiss(id));
    },
  }) as ToastApi;

  return {
    api,
    requests: () => requests,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The shell's one instance: the notifier and the container (Toasts.tsx) both use it. */
export const lazyToasts = createLazyToasts(
  async () => (await import('react-toastify')).toast as unknown as ToastApi,
);
