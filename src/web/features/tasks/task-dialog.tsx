import type { FormEvent } from 'react';
import { TASK_CATEGORIES, TASK_DESCRIPTION_ROWS, TASK_PRIORITIES, TASK_PRIORITY_LABELS } from '../../../core/constants.ts';
import { TASK_CATEGORY_LABELS, ZCreateTaskRequest, type TCreateTaskRequest, type TTask } from '../../../core/tasks.schemas.ts';
import { SelectField, TextAreaField, TextField } from '../../components/ui/field.tsx';
import { FormDialog } from '../../components/ui/form-dialog.tsx';
import { fieldErrorsFromIssues } from '../../lib/form.ts';
import { useAction } from '../../lib/use-action.ts';
import { tasksApi } from './api.ts';

export interface TaskDialogProps {
  open: boolean;
  /** the task being edited; null adds a new one */
  task: TTask | null;
  onClose: () => void;
  onSaved: (task: TTask, created: boolean) => void;
  /** Saves a new task somewhere else than the owner's own list (a planner suggesting one), with its own words. */
  suggest?: { title: string; submitLabel: string; save: (input: TCreateTaskRequest) => Promise<TTask> };
}

/**
 * The Add New Task modal (title, 3-row description, due date, priority High/Medium/Low) — also
 * used to edit a task. Give it a fresh `key` each time it opens so the fields start over.
 */
export function TaskDialog({ open, task, onClose, onSaved, suggest }: TaskDialogProps) {
  const { busy, error, fields, setFields, run } = useAction();

  async function submit(event: FormEvent<HTMLFormElement>) {
    const form = new FormData(event.currentTarget);
    const parsed = ZCreateTaskRequest.safeParse({
      title: String(form.get('title') ?? ''),
      description: String(form.get('description') ?? ''),
      dueDate: String(form.get('dueDate') ?? '') || null,
      priority: String(form.get('priority') ?? 'medium'),
      category: String(form.get('category') ?? 'documents'),
    });
    if (!parsed.success) {
      setFields(fieldErrorsFromIssues(parsed.error.issues));
      return;
    }
    await run(async () => {
      const saved = task ? await tasksApi.update(task.id, parsed.data) : await (suggest?.save ?? tasksApi.create)(parsed.data);
      onSaved(saved, !task);
    });
  }

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={task ? 'Edit Task' : (suggest?.title ?? 'Add New Task')}
      submitLabel={task ? 'Save Changes' : (suggest?.submitLabel ?? 'Add New Task')}
      busy={busy}
      // the fields' own messages say it all: the server's summary only when no field has one
      error={Object.keys(fields).length ? null : error}
      onSubmit={(e) => void submit(e)}
    >
      <TextField label="Title" name="title" defaultValue={task?.title ?? ''} error={fields.title} required maxLength={200} />
      <TextAreaField
        label="Description"
        name="description"
        rows={TASK_DESCRIPTION_ROWS}
        optional
        defaultValue={task?.description ?? ''}
        error={fields.description}
        maxLength={2000}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="Due date" name="dueDate" type="date" optional defaultValue={task?.dueDate ?? ''} error={fields.dueDate} />
        <SelectField label="Priority" name="priority" defaultValue={task?.priority ?? 'medium'} error={fields.priority}>
          {TASK_PRIORITIES.map((p) => (
            <option key={p} value={p}>
              {TASK_PRIORITY_LABELS[p]}
            </option>
          ))}
        </SelectField>
      </div>
      <SelectField label="Category" name="category" defaultValue={task?.category ?? 'documents'} error={fields.category}>
        {TASK_CATEGORIES.map((c) => (
          <option key={c} value={c}>
            {TASK_CATEGORY_LABELS[c]}
          </option>
        ))}
      </SelectField>
    </FormDialog>
  );
}
