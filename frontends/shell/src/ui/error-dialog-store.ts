/** The error dialog's state: hidden until an error is raised, hidden again when dismissed. */
export interface ErrorDialogState {
  isVisible: boolean;
  message: string;
  log?: string;
}

export const ERROR_DIALOG_TEXT = {
  title: "Uh-oh! Something's Off",
  dismiss: 'Okay, got it!',
} as const;

const HIDDEN: ErrorDialogState = { isVisible: false, message: '' };

/** Messages the dialog never shows (docs/api.md, "Web app rules"): the browser's own "failed to fetch". */
export const isIgnoredMessage = (message: string) => message.toLowerCase().includes('failed to fetch');

export interface ErrorDialogStore {
  get(): ErrorDialogState;
  subscribe(listener: () => void): () => void;
  /** Shows the dialog; returns false when the message is one the dialog ignores. */
  show(message: string, log?: string): boolean;
  hide(): void;
}

export function createErrorDialogStore(): ErrorDialogStore {
  let state = HIDDEN;
  const listeners = new Set<() => void>();
  const set = (next: ErrorDialogState) => {
    state = next;
    for (const listener of listeners) listener();
  };
  return {
    get: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    show(message, log) {
      if (isIgnoredMessage(message)) return false;
      set(log ? { isVisible: true, message, log } : { isVisible: true, message });
      return true;
    },
    hide: () => set(HIDDEN),
  };
}
