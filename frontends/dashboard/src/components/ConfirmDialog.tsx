import { pageHeading } from '@mediakit/web-ui/focus-return';
import { Modal } from '@mediakit/web-ui/Modal';
import { type ReactNode, useEffect, useRef } from 'react';

/**
 * The shell's modal asking to confirm something that cannot be undone. Cancelled (Cancel, ×,
 * Escape, the backdrop), focus goes back to the button that opened it; confirmed, the thing that
 * button belonged to is going away, so focus goes to the page's heading instead of being lost.
 */
export function ConfirmDialog(props: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busy?: boolean;
  danger?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const confirmed = useRef(false);
  useEffect(() => {
    if (props.open) confirmed.current = false;
  }, [props.open]);
  return (
    <Modal
      open={props.open}
      onClose={props.onCancel}
      title={props.title}
      showCloseButton
      returnFocus={() => (confirmed.current ? pageHeading(document) : undefined)}
      footer={
        <div className="button-row">
          <button type="button" className="button" onClick={props.onCancel}>
            Cancel
          </button>
          <button
            type="button"
            className={`button primary${props.danger ? ' danger' : ''}`}
            disabled={props.busy}
            onClick={() => {
              confirmed.current = true;
              props.onConfirm();
            }}
          >
            {props.confirmLabel}
          </button>
        </div>
      }
    >
      {props.children}
    </Modal>
  );
}
