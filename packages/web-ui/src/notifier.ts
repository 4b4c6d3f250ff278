/** Toasts (docs/api.md, "Web app rules"): bottom right, at most 20 at once. */
export const TOAST_POSITION = 'bottom-right' as const;
export const TOAST_LIMIT = 20;
/** Milliseconds each kind stays; `false` = until dismissed (react-toastify's autoClose). */
export const TOAST_DURATIONS = {
  error: 4000,
  blank: 4000,
  success: 2000,
  loading: false,
} as const;

export type ToastId = string | number;

/** The part of react-toastify's `toast` the notifier uses (a fake in tests). */
export interface ToastApi {
  (content: string, options?: { autoClose?: number | false; type?: string }): ToastId;
  success(content: string, options?: { autoClose?: number | false }): ToastId;
  error(content: string, options?: { autoClose?: number | false }): ToastId;
  loading(content: string, options?: { autoClose?: number | false }): ToastId;
  dismiss(id?: ToastId): void;
}

export interface Notifier {
  /** A plain notification. */
  show(message: string): ToastId;
  success(message: string): ToastId;
  /** An error: a title and, optionally, a second line (e.g. "Authentication failed" / "Please log in again"). */
  error(message: string, detail?: string): ToastId;
  /** Stays until `dismiss` is called with its id. */
  loading(message: string): ToastId;
  dismiss(id: ToastId): void;
}

export function createNotifier(toast: ToastApi): Notifier {
  return {
    show: (message) => toast(message, { autoClose: TOAST_DURATIONS.blank }),
    success: (message) => toast.success(message, { autoClose: TOAST_DURATIONS.success }),
    error: (message, detail) =>
      toast.error(detail ? `${message}\n${detail}` : message, { autoClose: TOAST_DURATIONS.error }),
    loading: (message) => toast.loading(message, { autoClose: TOAST_DURATIONS.loading }),
    dismiss: (id) => toast.dismiss(id),
  };
}
