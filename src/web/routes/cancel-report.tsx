import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { TVetoLinkPreview } from '../../core/trustee.schemas.ts';
import { Alert } from '../components/ui/alert.tsx';
import { Button } from '../components/ui/button.tsx';
import { EmailedLinkPage, useEmailedLinkToken } from '../components/ui/emailed-link-page.tsx';
import { releaseSafeguardsApi } from '../features/release-safeguards/api.ts';
import { ApiError } from '../lib/api.ts';
import { useAction } from '../lib/use-action.ts';

/**
 * The page the owner's daily reminder links to (`/cancel-report#<token>`), no sign-in needed.
 * Opening it only reads the report (a mail scanner fetching the link cancels nothing); the one
 * "Cancel this report" button uses up the single-use link and withdraws the report.
 */
export function Component() {
  const token = useEmailedLinkToken();
  const [preview, setPreview] = useState<TVetoLinkPreview | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const { busy, error, run } = useAction();

  useEffect(() => {
    if (!token) return;
    releaseSafeguardsApi
      .previewVeto(token)
      .then(setPreview)
      .catch((e: unknown) => setLoadError(e instanceof ApiError ? e.message : 'This link could not be read. Please try again.'));
  }, [token]);

  return (
    <EmailedLinkPage
      token={token}
      title="Cancel this report"
      description="Someone reported your passing or incapacity. If it is not true, cancel it here."
      incompleteHint="Open the link from the email again, or sign in to cancel the report from your dashboard."
      done={
        done && {
          title: 'The report was cancelled',
          body: (
            <>
              <p>Your estate is back in planning and nothing was released. The person who reported it and your estate administrator have been told.</p>
              <Link to="/sign-in" className="font-semibold text-accent-text hover:underline">
                Sign in
              </Link>
            </>
          ),
        }
      }
    >
      <div className="space-y-5">
        {loadError && <Alert tone="error">{loadError}</Alert>}
        {preview && (
          <div className="space-y-2 text-base text-stone-700">
            <p>
              {preview.reporterName} reported the {preview.event === 'death' ? 'passing' : 'incapacity'} of <strong>{preview.ownerName}</strong> on{' '}
              {new Date(preview.reportedAt).toUTCString()}.
            </p>
            <p>{preview.countdown}</p>
          </div>
        )}
        {error && <Alert tone="error">{error}</Alert>}
        <Button
          variant="danger"
          onClick={() =>
            void run(async () => {
              await releaseSafeguardsApi.cancelByVeto(token);
              setDone(true);
            })
          }
          loading={busy}
          disabled={!preview}
          className="w-full"
        >
          Cancel this report
        </Button>
      </div>
    </EmailedLinkPage>
  );
}
