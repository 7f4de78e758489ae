import type { FormEvent, ReactNode } from 'react';
import type { z } from 'zod';
import { FormDialog } from '../../components/ui/form-dialog.tsx';
import { fieldErrorsFromIssues, formText, type FieldErrors } from '../../lib/form.ts';
import { useAction } from '../../lib/use-action.ts';

export interface InviteDialogProps<S extends z.ZodType, R> {
  open: boolean;
  onClose: () => void;
  title: string;
  description: string;
  /** the request's schema; its fields are read from the form by name */
  schema: S;
  names: string[];
  send: (body: z.infer<S>) => Promise<R>;
  onSent: (result: R) => void;
  children: (fields: FieldErrors) => ReactNode;
}

/** Add User and Add Estate: a form checked against the request's schema, sent, and closed on success. */
export function InviteDialog<S extends z.ZodType, R>({ open, onClose, title, description, schema, names, send, onSent, children }: InviteDialogProps<S, R>) {
  const { busy, error, setError, fields, setFields, run } = useAction();
  const close = () => {
    setError(null);
    setFields({});
    onClose();
  };
  async function submit(event: FormEvent<HTMLFormElement>) {
    const form = new FormData(event.currentTarget);
    const parsed = schema.safeParse(Object.fromEntries(names.map((n) => [n, formText(form, n)])));
    if (!parsed.success) {
      setFields(fieldErrorsFromIssues(parsed.error.issues));
      return;
    }
    setFields({});
    await run(async () => {
      onSent(await send(parsed.data));
      close();
    });
  }
  return (
    <FormDialog open={open} onClose={close} title={title} description={description} submitLabel="Send Invitation" busy={busy} error={error} onSubmit={(e) => void submit(e)}>
      {children(fields)}
    </FormDialog>
  );
}
