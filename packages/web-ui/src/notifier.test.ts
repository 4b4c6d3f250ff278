import { describe, expect, test } from 'vitest';
import { createNotifier, TOAST_DURATIONS, TOAST_LIMIT, TOAST_POSITION, type ToastApi } from './notifier.ts';

function fakeToast() {
  const calls: { kind: string; content: string; options?: { autoClose?: number | false } }[] = [];
  const dismissed: unknown[] = [];
  const toast = ((content: string, options?: { autoClose?: number | false }) => {
    calls.push({ kind: 'blank', content, options });
    return calls.length;
  }) as ToastApi;
  for (const kind of ['success', 'error', 'loading'] as const) {
    toast[kind] = (content, options) => {
      calls.push({ kind, content, options });
      return calls.length;
    };
  }
  toast.dismiss = (id) => void dismissed.push(id);
  return { toast, calls, dismissed };
}

describe('toasts', () => {
  test('bottom right, at most 20', () => {
    expect(TOAST_POSITION).toBe('bottom-right');
    expect(TOAST_LIMIT).toBe(20);
  });

  test('durations: error 4 s, blank 4 s, success 2 s, loading until dismissed', () => {
    expect(TOAST_DURATIONS).toEqual({ error: 4000, blank: 4000, success: 2000, loading: false });
    const { toast, calls, dismissed } = fakeToast();
    const notify = createNotifier(toast);
    notify.show('Saved to your files');
    notify.success('Done');
    notify.error('Authentication failed', 'Please log in again');
    const id = notify.loading('Uploading…');
    notify.dismiss(id);
    expect(calls).toEqual([
      { kind: 'blank', content: 'Saved to your files', options: { autoClose: 4000 } },
      { kind: 'success', content: 'Done', options: { autoClose: 2000 } },
      { kind: 'error', content: 'Authentication failed\nPlease log in again', options: { autoClose: 4000 } },
      { kind: 'loading', content: 'Uploading…', options: { autoClose: false } },
    ]);
    expect(dismissed).toEqual([4]);
  });
});
