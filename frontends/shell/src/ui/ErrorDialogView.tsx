import { Modal } from '@mediakit/web-ui/Modal';
import { ERROR_DIALOG_TEXT, type ErrorDialogState } from './error-dialog-store.ts';

/** The error dialog: its title, the message, the log when there is one, one button. */
export function ErrorDialogView({ state, onClose }: { state: ErrorDialogState; onClose: () => void }) {
  return (
    <Modal
      open={state.isVisible}
      onClose={onClose}
      title={ERROR_DIALOG_TEXT.title}
      className="error-dialog"
      footer={
        <button type="button" className="button primary" onClick={onClose}>
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
