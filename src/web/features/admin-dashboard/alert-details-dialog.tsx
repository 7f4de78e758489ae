import { useState } from 'react';
import { ADMIN_ALERT_NEXT, type TAdminAlert } from '../../../core/admin-dashboard.schemas.ts';
import { ADMIN_ALERT_STATUS_LABELS } from '../../../core/constants.ts';
import type { TAdminAlertStatus } from '../../../core/admin.schemas.ts';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { formatDateTime } from '../../lib/dates.ts';
import { AdminAlertStatusBadge, AdminAlertTypeBadge } from './badges.tsx';

const MOVE_LABEL: Partial<Record<TAdminAlertStatus, string>> = { investigating: 'Start Investigating', resolved: 'Mark Resolved' };

/** "route" → "Route", "thresholdMs" → "Threshold ms". */
const label = (key: string) => {
  const words = key.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/_/g, ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};
const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : JSON.stringify(value));

/** Details of an alert under review or being investigated: what was recorded, and the next steps. */
export function AlertDetailsDialog({
  alert,
  busy,
  onMove,
  onClose,
}: {
  alert: TAdminAlert | null;
  busy: boolean;
  onMove: (alert: TAdminAlert, to: TAdminAlertStatus) => void;
  onClose: () => void;
}) {
  // the last alert shown stays in the dialog while it fades out
  const [shown, setShown] = useState(alert);
  if (alert && alert !== shown) setShown(alert);
  const details = shown ? Object.entries(shown.details) : [];
  return (
    <Dialog
      open={alert !== null}
      onClose={onClose}
      title="Alert details"
      description={shown?.message}
      footer={
        shown && (
          <>
            <Button variant="secondary" onClick={onClose}>
              Close
            </Button>
            {ADMIN_ALERT_NEXT[shown.status].map((to) => (
              <Button key={to} loading={busy} onClick={() => onMove(shown, to)}>
                {MOVE_LABEL[to] ?? ADMIN_ALERT_STATUS_LABELS[to]}
              </Button>
            ))}
          </>
        )
      }
    >
      {shown && (
        <dl className="grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-[max-content_1fr]">
          <dt className="font-medium text-stone-600">Type</dt>
          <dd>
            <AdminAlertTypeBadge type={shown.type} />
          </dd>
          <dt className="font-medium text-stone-600">Status</dt>
          <dd>
            <AdminAlertStatusBadge status={shown.status} />
          </dd>
          <dt className="font-medium text-stone-600">Raised</dt>
          <dd className="text-stone-900">{formatDateTime(shown.time)}</dd>
          <dt className="font-medium text-stone-600">Last change</dt>
          <dd className="text-stone-900">{formatDateTime(shown.updatedAt)}</dd>
          {details.map(([key, value]) => (
            <div key={key} className="contents">
              <dt className="font-medium text-stone-600">{label(key)}</dt>
              <dd className="break-words text-stone-900">{text(value)}</dd>
            </div>
          ))}
        </dl>
      )}
    </Dialog>
  );
}
