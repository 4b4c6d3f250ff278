import type { ToastApi } from '@mediakit/web-ui/notifier';
import { describe, expect, test } from 'vitest';
import { createLazyToasts } from './lazy-toasts.ts';

function recordingToast() {
  const log: string[] = [];
  const toast = ((content: string, options?: { toastId?: string }) => {
    log.push(`blank ${content} ${options?.toastId}`);
    return options?.toastId ?? '';
  }) as ToastApi;
  for (const kind of ['success', 'error', 'loading'] as const) {
    toast[kind] = (content, options) => {
      const id = (options as { toastId?: string } | undefined)?.toastId ?? '';
      log.push(`${kind} ${content} ${id}`);
      return id;
    };
  }
  toast.dismiss = (id) => void log.push(`dismiss ${id}`);
  return { toast, log };
}

describe('react-toastify loaded with the first toast', () => {
  test('nothing loads until a toast is asked for; then calls run in order with the ids handed out', async () => {
    const { toast, log } = recordingToast();
    let loads = 0;
    const lazy = createLazyToasts(async () => {
      loads += 1;
      return toast;
    });
    let notified = 0;
    lazy.subscribe(() => {
      notified += 1;
    });

    lazy.api.dismiss('nothing-shown');
    expect(loads).toBe(0);
    expect(lazy.requests()).toBe(0);

    const spinner = lazy.api.loading('Uploading');
    const done = lazy.api.success('Uploaded', { autoClose: 2000 });
    lazy.api.dismiss(spinner);
    expect(lazy.requests()).toBe(2);
    expect(notified).toBe(2);
    expect(spinner).not.toBe(done);

    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(loads).toBe(1);
    expect(log).toEqual([`loading Uploading ${spinner}`, `success Uploaded ${done}`, `dismiss ${spinner}`]);
  });

  test('a failed load (offline) is not kept: the next toast loads again and shows', async () => {
    const { toast, log } = recordingToast();
    let attempts = 0;
    const lazy = createLazyToasts(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('offline');
      return toast;
    });
    const quiet = console.error;
    console.error = () => {};
    try {
      lazy.api.error('Network error');
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(log).toEqual([]);
      const id = lazy.api.error('Network error');
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(attempts).toBe(2);
      expect(log).toEqual([`error Network error ${id}`]);
    } finally {
      console.error = quiet;
    }
  });
});
