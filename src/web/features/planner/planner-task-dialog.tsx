import type { FormEvent } from 'react';
import { ZCreatePlannerTaskRequest, type TPlannerTask } from '../../../core/planner.schemas.ts';
import { SelectField, TextField } from '../../components/ui/field.tsx';
import { FormDialog } from '../../components/ui/form-dialog.tsx';
import { fieldErrorsFromIssues } from '../../lib/form.ts';
import { useAction } from '../../lib/use-action.ts';
import { plannerApi } from './api.ts';

export interface PlannerTaskDialogProps {
  open: boolean;
  /** the task being edited; null adds a new one */
  task: TPlannerTask | null;
  /** who a task may be for: the planner's loved ones */
  clients: { estateId: string; name: string }[];
  onClose: () => void;
  onSaved: (task: TPlannerTask, created: boolean) => void;
}

/** Add or edit one of the planner's tasks: task, for (a loved one or nobody), due. Give it a fresh `key` each time it opens. */
export function PlannerTaskDialog({ open, task, clients, onClose, onSaved }: PlannerTaskDialogProps) {
  const { busy, error, fields, setFields, run } = useAction();

  async function submit(event: FormEvent<HTMLFormElement>) {
    const form = new FormData(event.currentTarget);
    const parsed = ZCreatePlannerTaskRequest.safeParse({
      title: String(form.get('title') ?? ''),
      estateId: String(form.get('estateId') ?? '') || null,
      dueDate: String(form.get('dueDate') ?? '') || null,
    });
    if (!parsed.success) {
      setFields(fieldErrorsFromIssues(parsed.error.issues));
      return;
    }
    await run(async () => {
      const saved = task ? await plannerApi.updateTask(task.id, parsed.data) : await plannerApi.createTask(parsed.data);
      onSaved(saved, !task);
    });
  }

  // a task may still be for someone who is no longer a client: keep them choosable while editing it
  const choices = task?.for && !clients.some((c) => c.estateId === task.for?.estateId) ? [...clients, task.for] : clients;
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={task ? 'Edit Task' : 'Add Task'}
      submitLabel={task ? 'Save Changes' : 'Add Task'}
      busy={busy}
      error={Object.keys(fields).length ? null : error}
      onSubmit={(e) => void submit(e)}
    >
      <TextField label="Task" name="title" defaultValue={task?.title ?? ''} error={fields.title} required maxLength={200} autoComplete="off" />
      <SelectField label="For" name="estateId" defaultValue={task?.for?.estateId ?? ''} error={fields.estateId}>
        <option value="">No one in particular</option>
        {choices.map((c) => (
          <option key={c.estateId} value={c.estateId}>
            {c.name}
          </option>
        ))}
      </SelectField>
      <TextField label="Due" name="dueDate" type="date" optional defaultValue={task?.dueDate ?? ''} error={fields.dueDate} />
    </FormDialog>
  );
}
