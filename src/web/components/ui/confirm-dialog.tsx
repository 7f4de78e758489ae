import type { ReactNode } from 'react';
import { Button } from './button.tsx';
import { Dialog } from './dialog.tsx';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** one line under the title */
  description?: ReactNode;
  /** or longer text in the body */
  children?: ReactNode;
  confirmLabel: string;
  /** the confirm button shows a spinner while the action runs */
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** "Are you sure?" for anything destructive: Cancel, and the confirm button in red. */
export function ConfirmDialog({ open, title, description, children, confirmLabel, busy = false, onConfirm, onClose }: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      description={description}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="danger" loading={busy} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children && <div className="space-y-3 text-sm text-stone-700">{children}</div>}
    </Dialog>
  );
}
