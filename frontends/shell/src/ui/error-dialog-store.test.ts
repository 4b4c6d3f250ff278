import { describe, expect, test } from 'vitest';
import { createErrorDialogStore, ERROR_DIALOG_TEXT } from './error-dialog-store.ts';

describe('error dialog state', () => {
  test('the documented title and button', () => {
    expect(ERROR_DIALOG_TEXT).toEqual({ title: "Uh-oh! Something's Off", dismiss: 'Okay, got it!' });
  });

  test('hidden → visible with message and log → hidden on dismiss; listeners hear each change', () => {
    const dialog = createErrorDialogStore();
    let changes = 0;
    dialog.subscribe(() => changes++);
    expect(dialog.get()).toEqual({ isVisible: false, message: '' });
    expect(dialog.show('The job failed.', 'ffmpeg: invalid data')).toBe(true);
    expect(dialog.get()).toEqual({
      isVisible: true,
      message: 'The job failed.',
      log: 'ffmpeg: invalid data',
    });
    dialog.hide();
    expect(dialog.get().isVisible).toBe(false);
    expect(changes).toBe(2);
  });

  test('ignores any message containing "failed to fetch", whatever the case', () => {
    const dialog = createErrorDialogStore();
    expect(dialog.show('TypeError: Failed to fetch')).toBe(false);
    expect(dialog.show('failed to fetch dynamically imported module')).toBe(false);
    expect(dialog.get().isVisible).toBe(false);
  });
});
