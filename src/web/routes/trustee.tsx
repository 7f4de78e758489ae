import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { TTrusteeReport } from '../../core/trustee.schemas.ts';
import { Alert } from '../components/ui/alert.tsx';
import { Button } from '../components/ui/button.tsx';
import { CenteredPage } from '../components/ui/centered-page.tsx';
import { releaseSafeguardsApi } from '../features/release-safeguards/api.ts';
import { ApiError } from '../lib/api.ts';
import { useAction } from '../lib/use-action.ts';

const ANSWER_WORDS = { confirmed: 'You confirmed this report.', denied: 'You denied this report.' } as const;

function ReportCard({ report, onAnswer, busy }: { report: TTrusteeReport; onAnswer: (answer: 'confirm' | 'deny') => void; busy: boolean }) {
  const what = report.event === 'death' ? 'passing' : 'incapacity';
  return (
    <article aria-labelledby={`report-${report.reportId}`} className="space-y-3 rounded-lg p-4 ring-1 ring-stone-200">
      <h2 id={`report-${report.reportId}`} className="text-lg font-semibold text-stone-900">
        The reported {what} of {report.ownerName}
      </h2>
      <p className="text-stone-700">
        {report.reporterName} ({report.relationship}) reported it on {new Date(report.reportedAt).toUTCString()}
        {report.eventDate ? `, giving the date ${report.eventDate}` : ''}.
      </p>
      <p className="text-stone-700">
        {report.safeguards.confirmations} of the {report.safeguards.quorumNeeded} trustee confirmations needed so far. {report.safeguards.countdown}
      </p>
      {report.canAnswer && (
        <>
          <p className="font-medium text-stone-900">
            Is this true? Please answer by {new Date(report.dueAt).toUTCString()}; after that, the next trustee in line is asked.
          </p>
          <div className="flex flex-wrap gap-3">
            <Button onClick={() => onAnswer('confirm')} loading={busy} aria-label={`Confirm the report about ${report.ownerName}`}>
              Confirm
            </Button>
            <Button variant="danger" onClick={() => onAnswer('deny')} disabled={busy} aria-label={`Deny the report about ${report.ownerName}`}>
              Deny
            </Button>
          </div>
        </>
      )}
      {report.myAnswer && <p role="status">{ANSWER_WORDS[report.myAnswer]}</p>}
      {!report.myAnswer && report.passedOver && <p>Your time to answer passed, so the next trustee in line was asked.</p>}
      {report.reportStatus !== 'open' && !report.myAnswer && <p>This report is no longer open.</p>}
    </article>
  );
}

/** A trustee's reports (linked from the "please confirm or deny" notice): the question, the countdown, and Confirm / Deny. */
export function Component() {
  const [reports, setReports] = useState<TTrusteeReport[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const { busy, error, run } = useAction();

  useEffect(() => {
    releaseSafeguardsApi
      .trusteeReports()
      .then((r) => setReports(r.reports))
      .catch((e: unknown) => setLoadError(e instanceof ApiError && e.status === 401 ? 'Sign in to see the reports you are asked about.' : 'The reports could not be loaded.'));
  }, []);

  return (
    <CenteredPage title="Reports to confirm" description="As a trustee, you confirm or deny a report before anything is checked or released.">
      <div className="space-y-5">
        {loadError && (
          <Alert tone="error">
            {loadError}{' '}
            <Link to="/sign-in?next=%2Ftrustee" className="font-semibold underline">
              Sign in
            </Link>
          </Alert>
        )}
        {error && <Alert tone="error">{error}</Alert>}
        {reports && reports.length === 0 && <p className="text-stone-700">No report is waiting for you. You will be told by email if one is.</p>}
        {reports?.map((r) => (
          <ReportCard
            key={r.reportId}
            report={r}
            busy={busy}
            onAnswer={(answer) =>
              void run(async () => {
                setReports((await releaseSafeguardsApi.answer(r.reportId, answer)).reports);
              })
            }
          />
        ))}
      </div>
    </CenteredPage>
  );
}
