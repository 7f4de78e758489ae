import { ExclamationTriangleIcon } from '@heroicons/react/24/outline';
import { useId, useState } from 'react';
import { ESTATE_STATUS_LABELS, REPORT_EVENTS } from '../../../core/constants.ts';
import type { TEstateReport, TOwnerLifecycle } from '../../../core/lifecycle.schemas.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { ApiError } from '../../lib/api.ts';
import { formatDate } from '../../lib/dates.ts';
import { estateReportApi } from './api.ts';
import { SafeguardsCountdown } from '../../components/ui/safeguards-countdown.tsx';

export interface OwnerLifecycleBannerProps {
  /** null when GET /api/v1/estate/lifecycle failed: the owner is told we could not check */
  lifecycle: TOwnerLifecycle | null;
  /** after a withdrawal: the new lifecycle, and the sentence to confirm it with */
  onWithdrawn: (lifecycle: TOwnerLifecycle, message: string) => void;
}

const eventWord = (report: TEstateReport) => REPORT_EVENTS[report.event].toLowerCase();

/**
 * The top of the owner's dashboard while their estate is not simply in planning: a report of their
 * passing or incapacity they can cancel (nothing is released while they can), or the estate's status.
 */
export function OwnerLifecycleBanner({ lifecycle, onWithdrawn }: OwnerLifecycleBannerProps) {
  if (!lifecycle) {
    return (
      <Alert tone="error">
        We could not check whether anyone has reported your passing or incapacity. Reload the page to try again.
      </Alert>
    );
  }
  if (lifecycle.openReport) return <OpenReportAlert report={lifecycle.openReport} onWithdrawn={onWithdrawn} />;
  // incapacity mode has its own banner, with "I'm back" (features/incapacity); an active estate has the
  // layout's frozen-estate banner and "This is a mistake — I am alive" (features/activation-review)
  if (lifecycle.status === 'planning' || lifecycle.status === 'incapacity' || lifecycle.status === 'active') return null;
  const status = <strong className="font-semibold">{ESTATE_STATUS_LABELS[lifecycle.status]}</strong>;
  // A report was verified (or is under way) but there is no open report to cancel here any more.
  return (
    <Alert tone="error">
      Your estate’s status is {status}: a report of your passing or incapacity was accepted. If this is not true, contact your estate administrator
      now — nothing is released before the estate is activated.
    </Alert>
  );
}

function OpenReportAlert({ report, onWithdrawn }: { report: TEstateReport; onWithdrawn: OwnerLifecycleBannerProps['onWithdrawn'] }) {
  const headingId = useId();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function withdraw() {
    setBusy(true);
    setError(null);
    try {
      const next = await estateReportApi.withdraw(report.id);
      setConfirming(false);
      onWithdrawn(next, `The report of your ${eventWord(report)} was cancelled. ${report.reporterName} and your estate administrator have been told.`);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      setConfirming(false);
      setError(e.message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby={headingId} className="rounded-xl bg-red-50 p-5 ring-2 ring-red-300 ring-inset sm:p-6">
      <div className="flex items-start gap-3 sm:gap-4">
        <ExclamationTriangleIcon aria-hidden="true" className="size-7 shrink-0 text-red-700 sm:size-8" />
        <div className="min-w-0 flex-1 space-y-3">
          <h2 id={headingId} className="text-lg font-semibold text-red-900">
            Someone has reported your {eventWord(report)}
          </h2>
          <p className="text-base text-stone-900">
            {report.reporterName} ({report.relationship}) reported your {eventWord(report)} on {formatDate(report.createdAt)}. If this is not true, cancel it now —
            nothing is released while you can still act.
          </p>
          {(report.items.length > 0 || report.eventDate) && (
            <p className="text-sm text-stone-700">
              {report.eventDate && `Date given: ${formatDate(report.eventDate)}. `}
              {report.items.length > 0 && `Documents sent for verification: ${report.items.map((i) => i.documentLabel).join(', ')}.`}
            </p>
          )}
          <SafeguardsCountdown safeguards={report.safeguards} />
          {error && <Alert tone="error">{error}</Alert>}
          <Button variant="danger" onClick={() => setConfirming(true)}>
            Cancel this report
          </Button>
        </div>
      </div>
      {/* ConfirmDialog's "Cancel" would read as "cancel the report" here: the way back is "Go back". */}
      <Dialog
        open={confirming}
        onClose={() => !busy && setConfirming(false)}
        title="Cancel this report?"
        footer={
          <>
            <Button variant="secondary" disabled={busy} onClick={() => setConfirming(false)}>
              Go back
            </Button>
            <Button variant="danger" loading={busy} onClick={() => void withdraw()}>
              Withdraw the report
            </Button>
          </>
        }
      >
        <p className="text-sm text-stone-700">
          The report of your {eventWord(report)} by {report.reporterName} will be withdrawn and your estate goes back to planning. {report.reporterName} and your estate
          administrator will be told.
        </p>
      </Dialog>
    </section>
  );
}
