import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { TTrusteeReport, TTrusteeReports } from '../../core/trustee.schemas.ts';
import { Alert } from '../components/ui/alert.tsx';
import { Button } from '../components/ui/button.tsx';
import { CenteredPage } from '../components/ui/centered-page.tsx';
import { LoadMoreFooter } from '../components/ui/load-more-footer.tsx';
import { HeldKitsSection } from '../features/estate-seal/held-kits-section.tsx';
import { releaseSafeguardsApi } from '../features/release-safeguards/api.ts';
import { ApiError } from '../lib/api.ts';
import { useAction } from '../lib/use-action.ts';
import { keyedPage, useLoadMore } from '../lib/use-load-more.ts';

const ANSWER_WORDS = { confirmed: 'You confirmed this report.', denied: 'You denied this report.' } as const;

function ReportCard({ report, onAnswer, busy }: { report: TTrusteeReport; onAnswer: (answer: 'confirm' | 'deny') => void; busy: boolean }) {
  const what = report.event === 'death' ? 'passing' : 'incapacity';
  return (
    <article tabIndex={-1} aria-labelledby={`report-${report.reportId}`} className="space-y-3 rounded-lg p-4 ring-1 ring-stone-200">
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

const byReport = (page: TTrusteeReports) => keyedPage(page, (r) => r.reportId);

/**
 * A trustee's reports (linked from the "please confirm or deny" notice), newest first a page at a
 * time: the question, the countdown, and Confirm / Deny.
 */
export function Component() {
  const [first, setFirst] = useState<TTrusteeReports | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const { busy, error, run } = useAction();
  const list = useLoadMore(byReport(first ?? { items: [], nextCursor: null }), 'reports', async (cursor) => byReport(await releaseSafeguardsApi.trusteeReports(cursor)));
  const listRef = useRef<HTMLDivElement>(null);

  /** Puts the answered report in place, on whichever page it was. */
  function answered(report: TTrusteeReport) {
    setFirst((f) => f && { ...f, items: f.items.map((r) => (r.reportId === report.reportId ? report : r)) });
    list.replace({ ...report, id: report.reportId });
  }

  useEffect(() => {
    releaseSafeguardsApi
      .trusteeReports()
      .then(setFirst)
      .catch((e: unknown) => setLoadError(e instanceof ApiError && e.status === 401 ? 'Sign in to see the reports you are asked about.' : 'The reports could not be loaded.'));
  }, []);

  return (
    <CenteredPage title="Reports to confirm" description="As a trustee, you confirm or deny a report before anything is checked or released, and you keep the Emergency Kits you were given.">
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
        {first && list.items.length === 0 && <p className="text-stone-700">No report is waiting for you. You will be told by email if one is.</p>}
        <div ref={listRef} className="space-y-5 empty:hidden">
          {list.items.map((r) => (
            <ReportCard key={r.reportId} report={r} busy={busy} onAnswer={(answer) => void run(async () => answered(await releaseSafeguardsApi.answer(r.reportId, answer)))} />
          ))}
        </div>
        <LoadMoreFooter list={list} listRef={listRef} />
        {!loadError && <HeldKitsSection />}
      </div>
    </CenteredPage>
  );
}
