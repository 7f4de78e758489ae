import { useState, type FormEvent } from 'react';
import { ADMIN_TASK_PRIORITIES, ZCreateAdminTaskRequest, type TAdminTask, type TCreateAdminTaskRequest } from '../../../core/admin-dashboard.schemas.ts';
import { ADMIN_TASK_PRIORITY_LABELS } from '../../../core/constants.ts';
import { SelectField, TextField } from '../../components/ui/field.tsx';
import { FormDialog } from '../../components/ui/form-dialog.tsx';
import { fieldErrorsFromIssues } from '../../lib/form.ts';
import { useAction } from '../../lib/use-action.ts';
import { adminDashboardApi } from './api.ts';

/** Add Task on the admin dashboard: a to-do for every administrator. */
export function AddTaskDialog({ open, onClose, onAdded }: { open: boolean; onClose: () => void; onAdded: (task: TAdminTask) => void }) {
  const [draft, setDraft] = useState<TCreateAdminTaskRequest>({ task: '', priority: 'medium' });
  const { busy, error, fields, setFields, run } = useAction();
  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = ZCreateAdminTaskRequest.safeParse(draft);
    setFields(parsed.success ? {} : fieldErrorsFromIssues(parsed.error.issues));
    if (!parsed.success) return;
    await run(async () => {
      onAdded(await adminDashboardApi.addTask(parsed.data));
      setDraft({ task: '', priority: 'medium' });
    });
  }
  return (
    <FormDialog open={open} onClose={onClose} title="Add Task" description="A to-do for every administrator." submitLabel="Add Task" busy={busy} error={error} onSubmit={(e) => void submit(e)}>
      <TextField label="Task" name="task" value={draft.task} maxLength={200} error={fields.task} onChange={(e) => setDraft((d) => ({ ...d, task: e.target.value }))} />
      <SelectField label="Priority" name="priority" value={draft.priority} error={fields.priority} onChange={(e) => setDraft((d) => ({ ...d, priority: e.target.value as TAdminTask['priority'] }))}>
        {ADMIN_TASK_PRIORITIES.map((p) => (
          <option key={p} value={p}>
            {ADMIN_TASK_PRIORITY_LABELS[p]}
          </option>
        ))}
      </SelectField>
    </FormDialog>
  );
}
