import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { useShell } from '../shell-context.tsx';
import { ERROR_DIALOG_TEXT } from './error-dialog-store.ts';

// The dialog's code loads with the first error to show, not with every page (most visits have
// none); warm-up.ts fetches it once the page has settled, so it is there even if the network is not.
const Modal = lazy(() => import('./Modal.tsx').then((m) => ({ default: m.Modal })));

/** The spec's error dialog: its title, the message, the log when there is one, one button. */
export function ErrorDialog() {
  const { errorDialog } = useShell();
  const state = useSyncExternalStore(errorDialog.subscribe, errorDialog.get);
  const [needed, setNeeded] = useState(false);
  if (state.isVisible && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
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
    </Suspense>
  );
}
