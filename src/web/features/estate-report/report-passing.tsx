import { ClockIcon } from '@heroicons/react/24/outline';
import { useState } from 'react';
import type { EstateStatus } from '../../../core/lifecycle.ts';
import type { TReportSafeguards } from '../../../core/trustee.schemas.ts';
import { SafeguardsCountdown } from '../../components/ui/safeguards-countdown.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ReportDialog, type ReportTarget } from './report-dialog.tsx';

export interface ReportPassingProps {
  target: ReportTarget;
  status: EstateStatus;
  /** from GET /api/v1/reportable-estates; false when unknown */
  hasOpenReport: boolean;
  /** the open report's countdown (from GET /api/v1/reportable-estates) */
  safeguards?: TReportSafeguards | null;
  /** reload whatever shows the estate's status (e.g. the route's loader) */
  onChanged: () => void;
}

/** Whether a new report may be made now: only while the owner is in planning and nothing is open. */
export function canReport(status: EstateStatus, hasOpenReport: boolean): boolean {
  return status === 'planning' && !hasOpenReport;
}

/**
 * The "Report a passing" button and its dialog, or — when a report is already under way — a calm
 * note saying so. For a beneficiary's estate page and the support team's estate pages alike.
 */
export function ReportPassingButton({ target, status, hasOpenReport, safeguards, onChanged }: ReportPassingProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      {canReport(status, hasOpenReport) ? (
        <Button variant="secondary" onClick={() => setOpen(true)}>
          Report a passing
        </Button>
      ) : status === 'active' ? null : (
        <ReportUnderWay status={status} safeguards={safeguards} />
      )}
      {/* Stays mounted when the status changes, so the confirmation survives the reload. */}
      <ReportDialog open={open} target={target} onClose={() => setOpen(false)} onChanged={onChanged} />
    </>
  );
}

/** Said instead of the button while a report is open. */
export function ReportUnderWay({ status, safeguards }: { status: EstateStatus; safeguards?: TReportSafeguards | null }) {
  const text =
    status === 'activation_pending'
      ? 'A report has been verified'
      : status === 'incapacity'
        ? 'Incapacity mode: temporary, read-only access is open'
        : 'A report is being verified';
  return (
    <div className="space-y-1">
      <p role="status" className="inline-flex items-center gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900 ring-1 ring-amber-200 ring-inset">
        <ClockIcon aria-hidden="true" className="size-5 shrink-0 text-amber-700" />
        {text}
      </p>
      {status !== 'incapacity' && <SafeguardsCountdown safeguards={safeguards} />}
    </div>
  );
}
