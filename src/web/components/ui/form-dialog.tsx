import { useId, type FormEvent, type ReactNode } from 'react';
import { Alert } from './alert.tsx';
import { Button, type ButtonVariant } from './button.tsx';
import { useUnsavedChangesGuard } from '../../lib/unsaved-changes.ts';
import { Dialog, type DialogProps } from './dialog.tsx';

export interface FormDialogProps extends Omit<DialogProps, 'footer' | 'children'> {
  /** The main button, e.g. "Save Changes". */
  submitLabel: ReactNode;
  submitVariant?: ButtonVariant;
  /** The main button shows a spinner and is disabled (the action is running). */
  busy: boolean;
  submitDisabled?: boolean;
  /** e.g. while an upload runs that cannot be stopped (pass an `onClose` that ignores the backdrop and Escape then, too) */
  cancelDisabled?: boolean;
  /** A message for the whole form (usually the server's), shown above the fields. */
  error?: string | null | undefined;
  /** Called on submit (button or Enter), the browser's own submission already prevented. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The form's classes (spacing between the fields). */
  className?: string;
  children?: ReactNode;
}

/**
 * A dialog that is one form: its fields (children), the form's error above them, and Cancel
 * plus the main button in the footer. The browser's own validation is off (`noValidate`): the
 * caller checks the fields and shows the messages itself.
 */
export function FormDialog({
  submitLabel,
  submitVariant = 'primary',
  busy,
  submitDisabled = false,
  cancelDisabled = false,
  error,
  onSubmit,
  className = 'space-y-5',
  children,
  ...dialog
}: FormDialogProps) {
  const formId = useId();
  const guard = useUnsavedChangesGuard();
  return (
    <Dialog
      {...dialog}
      footer={
        <>
          <Button variant="secondary" onClick={dialog.onClose} disabled={cancelDisabled}>
            Cancel
          </Button>
          <Button type="submit" form={formId} variant={submitVariant} loading={busy} disabled={submitDisabled}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form
        ref={guard}
        id={formId}
        noValidate
        className={className}
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit(event);
        }}
      >
        {error && <Alert tone="error">{error}</Alert>}
        {children}
      </form>
    </Dialog>
  );
}
