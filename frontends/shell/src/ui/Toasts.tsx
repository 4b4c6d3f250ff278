import { ToastContainer } from 'react-toastify';
import { TOAST_DURATIONS, TOAST_LIMIT, TOAST_POSITION } from './notifier.ts';

/** The one toast container; remotes' toasts land here too (react-toastify is a shared singleton). */
export function Toasts() {
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
