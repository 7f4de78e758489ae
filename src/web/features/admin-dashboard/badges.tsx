import type { TAdminTask } from '../../../core/admin-dashboard.schemas.ts';
import { ADMIN_ALERT_STATUS_LABELS, ADMIN_ALERT_TYPE_LABELS, ADMIN_TASK_PRIORITY_LABELS } from '../../../core/constants.ts';
import type { TAdminAlertStatus, TAdminAlertType } from '../../../core/admin.schemas.ts';

const chip = 'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset';

const STATUS_TONE: Record<TAdminAlertStatus, string> = {
  pending: 'bg-amber-50 text-amber-900 ring-amber-200',
  under_review: 'bg-sky-50 text-sky-900 ring-sky-200',
  investigating: 'bg-violet-50 text-violet-900 ring-violet-200',
  resolved: 'bg-green-50 text-green-800 ring-green-200',
};
const TYPE_TONE: Record<TAdminAlertType, string> = {
  security: 'bg-red-50 text-red-800 ring-red-200',
  performance: 'bg-orange-50 text-orange-900 ring-orange-200',
  feature: 'bg-stone-100 text-stone-700 ring-stone-300',
  bug: 'bg-rose-50 text-rose-900 ring-rose-200',
};

export function AdminAlertStatusBadge({ status }: { status: TAdminAlertStatus }) {
  return <span className={`${chip} ${STATUS_TONE[status]}`}>{ADMIN_ALERT_STATUS_LABELS[status]}</span>;
}

export function AdminAlertTypeBadge({ type }: { type: TAdminAlertType }) {
  return <span className={`${chip} ${TYPE_TONE[type]}`}>{ADMIN_ALERT_TYPE_LABELS[type]}</span>;
}

export function TaskPriorityBadge({ priority }: { priority: TAdminTask['priority'] }) {
  const tone = priority === 'high' ? 'bg-red-50 text-red-800 ring-red-200' : 'bg-amber-50 text-amber-900 ring-amber-200';
  return <span className={`${chip} ${tone}`}>{ADMIN_TASK_PRIORITY_LABELS[priority]}</span>;
}
