import { useState, type FormEvent } from 'react';
import { TASK_CATEGORIES, TASK_DESCRIPTION_ROWS, TASK_PRIORITIES, TASK_PRIORITY_LABELS } from '../../../core/constants.ts';
import { TASK_CATEGORY_LABELS, ZCreateTaskRequest, type TTask } from '../../../core/tasks.schemas.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { SelectField, TextAreaField, TextField } from '../../components/ui/field.tsx';
import { ApiError } from '../../lib/api.ts';
import { fieldErrorsFromIssues, type FieldErrors } from '../../lib/form.ts';
import { tasksApi } from './api.ts';

export interface TaskDialogProps {
  open: boolean;
  /** the task being edited; null adds a new one */
  task: TTask | null;
  onClose: () => void;
  onSaved: (task: TTask, created: boolean) => void;
}

/**
 * The Add New Task modal (title, 3-row description, due date, priority High/Medium/Low) — also
 * used to edit a task. Give it a fresh `key` each time it opens so the fields start over.
 */
export function TaskDialog({ open, task, onClose, onSaved }: TaskDialogProps) {
  const [fields, setFields] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const formId = task ? `edit-task-${task.id}` : 'add-task';

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
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
    setSaving(true);
    setError(null);
    try {
      const saved = task ? await tasksApi.update(task.id, parsed.data) : await tasksApi.create(parsed.data);
      onSaved(saved, !task);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      setFields(e.fields ?? {});
      setError(e.fields ? null : e.message);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={task ? 'Edit Task' : 'Add New Task'}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={saving}>
            {task ? 'Save Changes' : 'Add New Task'}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={(e) => void submit(e)} className="space-y-5">
        {error && <Alert tone="error">{error}</Alert>}
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
      </form>
    </Dialog>
  );
}
