import { useSyncExternalStore } from 'react';
import { useShell } from '../shell-context.tsx';
import { ERROR_DIALOG_TEXT } from './error-dialog-store.ts';
import { Modal } from './Modal.tsx';

/** The spec's error dialog: its title, the message, the log when there is one, one button. */
export function ErrorDialog() {
  const { errorDialog } = useShell();
  const state = useSyncExternalStore(errorDialog.subscribe, errorDialog.get);
  return (
    <Modal
      open={state.isVisible}
      onClose={errorDialog.hide}
      title={ERROR_DIALOG_TEXT.title}
      className="error-dialog"
      footer={
        <button type="button" className="button primary" onClick={errorDialog.hide}>
          {ERROR_DIALOG_TEXT.dismiss}
        </button>
      }
    >
      <p className="error-message">{state.message}</p>
      {state.log && (
        <details className="error-log">
          <summary>Technical details</summary>
          <pre>{state.log}</pre>
        </details>
      )}
    </Modal>
  );
}
