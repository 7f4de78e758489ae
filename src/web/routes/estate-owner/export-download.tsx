import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { formatBytes } from '../../../core/files.schemas.ts';
import { legacyExportDownloadPath, type TLegacyExportLinkStatus } from '../../../core/legacy-export.schemas.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { buttonClasses } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useEmailedLinkToken } from '../../components/ui/emailed-link-page.tsx';
import { legacyExportApi } from '../../features/legacy-export/api.ts';
import { ApiError } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/dates.ts';

const SETTINGS_PATH = '/estate-owner/settings';

type State = { kind: 'checking' } | { kind: 'ready'; link: TLegacyExportLinkStatus } | { kind: 'started' } | { kind: 'invalid'; message: string };

/**
 * The page the "archive ready" email links to (`/estate-owner/export#<token>`): checks the link
 * without using it up, then offers the one download. A used or expired link says so plainly.
 */
export function Component() {
  const token = useEmailedLinkToken();
  const [state, setState] = useState<State>(token ? { kind: 'checking' } : { kind: 'invalid', message: 'This link is incomplete. Open the link from the email again.' });

  useEffect(() => {
    if (!token) return;
    legacyExportApi.checkLink(token).then(
      (link) => setState({ kind: 'ready', link }),
      (e: unknown) => {
        const message = e instanceof ApiError ? e.message : 'The link could not be checked. Please try again.';
        setState({ kind: 'invalid', message });
      },
    );
  }, [token]);

  return (
    <div className="space-y-8">
      <PageHeader title="Download Your Legacy Archive" description="The archive holds everything you keep here. It can be downloaded once, then it is deleted from our servers." />
      <Card title="Your archive">
        <div className="space-y-5 text-base text-stone-700">
          {state.kind === 'checking' && (
            <p role="status" className="flex items-center gap-2">
              <Spinner /> Checking the link…
            </p>
          )}
          {state.kind === 'ready' && (
            <>
              <p>
                Prepared {formatDateTime(state.link.createdAt)} · {formatBytes(state.link.size)} ·{' '}
                {state.link.includeSecrets ? 'includes passwords and other secrets' : 'without passwords and other secrets'}. The link works until{' '}
                {formatDateTime(state.link.expiresAt)}.
              </p>
              <a href={legacyExportDownloadPath(token)} className={buttonClasses('primary')} onClick={() => setTimeout(() => setState({ kind: 'started' }), 0)}>
                Download Archive
              </a>
            </>
          )}
          {state.kind === 'started' && (
            <p role="status">Your download has started. Keep the archive somewhere safe: this link will not work again.</p>
          )}
          {state.kind === 'invalid' && (
            <>
              <Alert tone="error">{state.message}</Alert>
              <Link to={SETTINGS_PATH} className="font-semibold text-accent-text hover:underline">
                Go to Settings to start a new export
              </Link>
            </>
          )}
        </div>
      </Card>
    </div>
  );
}
