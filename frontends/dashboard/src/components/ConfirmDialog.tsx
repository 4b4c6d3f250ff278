import type { ReactNode } from 'react';
import { Modal } from '../../../shell/src/ui/Modal.tsx';

/** The shell's modal asking to confirm something that cannot be undone. */
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
  return (
    <Modal
      open={props.open}
      onClose={props.onCancel}
      title={props.title}
      showCloseButton
      footer={
        <div className="button-row">
          <button type="button" className="button" onClick={props.onCancel}>
            Cancel
          </button>
          <button
            type="button"
            className={`button primary${props.danger ? ' danger' : ''}`}
            disabled={props.busy}
            onClick={props.onConfirm}
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
