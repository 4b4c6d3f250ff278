import { type ReactNode, useEffect, useId, useRef } from 'react';
import { dialogOpener, focusAfterClose, pageHeading } from './focus-return.ts';
import { pressedControl, trackPressedControls } from './pressed-control.ts';

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** A × button in the corner (Escape and a click on the backdrop always close). */
  showCloseButton?: boolean;
  fullscreen?: boolean;
  footer?: ReactNode;
  className?: string;
  /**
   * Where focus goes when the dialog closes, instead of the control that opened it: for when the
   * dialog's action removed that control (its item deleted). Asked at closing time.
   */
  returnFocus?: () => HTMLElement | null | undefined;
}

/**
 * The modal: closes on Escape or a click on the backdrop, optional close button and
 * fullscreen mode, page scrolling locked while open. Built on <dialog> (showModal), which traps
 * focus and hides the rest of the page from assistive technology. On closing, focus goes back to
 * the control that opened it (even where the browser did not focus it when pressed), or, if that
 * is gone, to where `returnFocus` says or the page's heading (focus-return.ts).
 */
export function Modal({
  open,
  onClose,
  title,
  children,
  showCloseButton,
  fullscreen,
  footer,
  className,
  returnFocus,
}: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  // The latest, for the close that the effect below runs with the props of the opening render.
  const askedFocus = useRef(returnFocus);
  askedFocus.current = returnFocus;

  useEffect(() => {
    trackPressedControls(document);
  }, []);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      const opener = dialogOpener(
        document.activeElement as HTMLElement | null,
        pressedControl(),
        document.body,
      );
      dialog.showModal();
      const overflow = document.body.style.overflow;
      document.body.style.overflow = 'hidden';
      return () => {
        document.body.style.overflow = overflow;
        if (dialog.open) dialog.close();
        focusAfterClose(askedFocus.current?.(), opener, () => pageHeading(document))?.focus();
      };
    }
  }, [open]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard way to close is Escape (onCancel)
    <dialog
      ref={ref}
      className={`modal${fullscreen ? ' modal-fullscreen' : ''}${className ? ` ${className}` : ''}`}
      aria-labelledby={titleId}
      onCancel={(event) => {
        // Escape: close through React state, not the browser alone.
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // A click on the dialog element itself (not its content) is a click on the backdrop.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      {open && (
        <div className="modal-content">
          <header className="modal-header">
            <h2 id={titleId}>{title}</h2>
            {showCloseButton && (
              <button type="button" className="modal-close" aria-label="Close" onClick={onClose}>
                ×
              </button>
            )}
          </header>
          <div className="modal-body">{children}</div>
          {footer && <footer className="modal-footer">{footer}</footer>}
        </div>
      )}
    </dialog>
  );
}
