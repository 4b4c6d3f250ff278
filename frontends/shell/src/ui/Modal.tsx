import { type ReactNode, useEffect, useId, useRef } from 'react';

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
}

/**
 * The spec's modal: closes on Escape or a click on the backdrop, optional close button and
 * fullscreen mode, page scrolling locked while open. Built on <dialog> (showModal), which traps
 * focus and hides the rest of the page from assistive technology.
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
}: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      const previous = document.activeElement as HTMLElement | null;
      dialog.showModal();
      const overflow = document.body.style.overflow;
      document.body.style.overflow = 'hidden';
      return () => {
        document.body.style.overflow = overflow;
        if (dialog.open) dialog.close();
        previous?.focus?.();
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
