import { Link } from 'react-router';
import { TASK_PRIORITY_LABELS } from '../../../core/constants.ts';
import { TASK_CATEGORY_LABELS, type TTask } from '../../../core/tasks.schemas.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { WhileEditable } from '../../components/ui/estate-frozen.tsx';

/** Where each kind of task is done. */
const WHERE: Record<TTask['category'], { href: string; label: string }> = {
  documents: { href: '/estate-owner/documents', label: 'Go to Documents' },
  memories: { href: '/estate-owner/memories/create', label: 'Create a memory' },
  beneficiaries: { href: '/estate-owner/beneficiaries', label: 'Go to Beneficiaries' },
  digital_assets: { href: '/estate-owner/digital-assets', label: 'Go to Digital Assets' },
  messages: { href: '/estate-owner/messages', label: 'Go to Messages' },
};

/** The task modal: what the task is, where to do it, and Mark complete. */
export function TaskDetailDialog({
  task,
  busy,
  error,
  onClose,
  onComplete,
}: {
  task: TTask | null;
  busy: boolean;
  error: string | null;
  onClose: () => void;
  onComplete: (t: TTask) => void;
}) {
  const where = task ? WHERE[task.category] : null;
  return (
    <Dialog
      open={task !== null}
      onClose={onClose}
      title={task?.title ?? 'Task'}
      description={task ? `${TASK_PRIORITY_LABELS[task.priority]} priority · ${TASK_CATEGORY_LABELS[task.category]}` : undefined}
      footer={
        task && (
          <>
            <Button variant="secondary" onClick={onClose}>
              Close
            </Button>
            <WhileEditable>
              {where && (
                <Link to={where.href} className={buttonClasses('secondary')}>
                  {where.label}
                </Link>
              )}
              <Button loading={busy} onClick={() => onComplete(task)}>
                Mark complete
              </Button>
            </WhileEditable>
          </>
        )
      }
    >
      {task && (
        <div className="space-y-3 text-sm text-stone-700">
          {error && <Alert tone="error">{error}</Alert>}
          <p className="whitespace-pre-line">{task.description || 'No description.'}</p>
          {task.dueDate && <p>Due {new Date(`${task.dueDate}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })}</p>}
        </div>
      )}
    </Dialog>
  );
}
