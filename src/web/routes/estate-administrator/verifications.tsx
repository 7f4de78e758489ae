import { CheckCircleIcon, ClockIcon, DocumentCheckIcon, XCircleIcon } from '@heroicons/react/24/outline';
import { useState } from 'react';
import { Link, useLoaderData, useRevalidator, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { VERIFICATION_TIMEOUTS } from '../../../core/constants.ts';
import { ZVerificationStatus, type TVerificationItem } from '../../../core/lifecycle.schemas.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Card } from '../../components/ui/card.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { ApiError } from '../../lib/api.ts';
import { idParam } from '../../lib/query-params.ts';
import { useRowAction } from '../../lib/use-row-action.ts';
import { estateAdministratorApi } from '../../features/estate-administrator/api.ts';
import { VERIFICATION_STATUS_LABELS } from '../../features/estate-administrator/badges.tsx';
import { VerificationGuidelines } from '../../features/estate-administrator/guidelines.tsx';
import { PreviewDialog, type Preview } from '../../features/estate-administrator/preview-dialog.tsx';
import { RejectDialog } from '../../features/estate-administrator/reject-dialog.tsx';
import { StatTiles } from '../../components/ui/stat-tiles.tsx';
import { LoadMoreFooter } from '../../components/ui/load-more-footer.tsx';
import { useLoadMore } from '../../lib/use-load-more.ts';
import { VerificationList } from '../../features/estate-administrator/verification-list.tsx';

const FILTERS = ['all', ...ZVerificationStatus.options] as const;
type Filter = (typeof FILTERS)[number];
const FILTER_LABELS: Record<Filter, string> = { all: 'All', ...VERIFICATION_STATUS_LABELS };

export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const status = ZVerificationStatus.options.find((s) => s === params.get('status'));
  const estateId = idParam(params, 'estateId');
  const [page, settings] = await Promise.all([estateAdministratorApi.verifications({ status, estateId }), estateAdministratorApi.settings()]);
  return { page, settings, status: status ?? ('all' as const), estateId: estateId ?? '' };
}

/** Document Verifications: view each proof in the page, then Approve or Reject it. */
export function Component() {
  const { page, settings, status, estateId } = useLoaderData<typeof loader>();
  const [, setSearchParams] = useSearchParams();
  const list = useLoadMore(page, `${status}|${estateId}`, (cursor) =>
    estateAdministratorApi.verifications({ status: status === 'all' ? undefined : status, estateId: estateId || undefined, cursor }),
  );
  const revalidator = useRevalidator();
  const { busyId, notice, setNotice, act } = useRowAction();
  const [preview, setPreview] = useState<Preview | null>(null);
  const [previewOpen, setPreviewOpen] = useState(false);
  const [viewingId, setViewingId] = useState<string | null>(null);
  const [approving, setApproving] = useState<TVerificationItem | null>(null);
  const [approveOpen, setApproveOpen] = useState(false);
  const [rejecting, setRejecting] = useState<{ key: number; item: TVerificationItem } | null>(null);
  const [rejectOpen, setRejectOpen] = useState(false);

  const estateName = estateId ? (list.items[0]?.estateName ?? 'this estate') : null;

  const setFilter = (f: Filter) =>
    setSearchParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (f === 'all') next.delete('status');
        else next.set('status', f);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );

  async function view(item: TVerificationItem) {
    setViewingId(item.id);
    setNotice(null);
    try {
      setPreview({ item, file: await estateAdministratorApi.preview(item.id) });
      setPreviewOpen(true);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      setNotice({ tone: 'error', text: e.message });
    } finally {
      setViewingId(null);
    }
  }

  async function approve() {
    const item = approving;
    if (!item || !approveOpen) return;
    await act(item.id, async () => {
      const updated = await estateAdministratorApi.approve(item.id);
      list.replace(updated);
      return `Approved: ${item.documentLabel} for ${item.estateName}.`;
    });
    setApproveOpen(false);
  }

  const tiles = [
    { label: 'Pending Review', value: page.counts.pending, icon: ClockIcon, tone: 'bg-amber-50 text-amber-700' },
    { label: 'Verified', value: page.counts.verified, icon: CheckCircleIcon, tone: 'bg-green-50 text-green-700' },
    { label: 'Rejected', value: page.counts.rejected, icon: XCircleIcon, tone: 'bg-red-50 text-red-700' },
  ];

  return (
    <div className="space-y-8">
      <PageHeader
        title="Document Verifications"
        description={
          estateName ? (
            <>
              Documents reported for <strong className="font-semibold text-stone-900">{estateName}</strong>.{' '}
              <Link to="/estate-administrator/verifications" className="font-semibold text-accent-text underline underline-offset-2">
                Show all estates
              </Link>
            </>
          ) : (
            'Death certificates, wills and other proof reported for the estates in your care. View each one before you decide.'
          )
        }
      />
      <StatTiles label="Verification counts" tiles={tiles} />
      <div aria-live="polite">{notice && <Alert tone={notice.tone}>{notice.text}</Alert>}</div>
      <Card
        title="Verification Queue"
        description={`${list.items.length} shown${list.nextCursor ? ', more to load' : ''}`}
        actions={
          <div role="group" aria-label="Show documents" className="inline-flex flex-wrap rounded-lg bg-stone-100 p-1">
            {FILTERS.map((f) => (
              <button
                key={f}
                type="button"
                aria-pressed={status === f}
                onClick={() => setFilter(f)}
                className={`rounded-md px-3 py-1 text-sm font-semibold transition-colors ${status === f ? 'bg-white text-stone-900 shadow-xs' : 'text-stone-600 hover:text-stone-900'}`}
              >
                {FILTER_LABELS[f]}
              </button>
            ))}
          </div>
        }
      >
        {list.items.length === 0 ? (
          <EmptyState
            icon={DocumentCheckIcon}
            title={status === 'pending' ? 'Nothing waiting for review' : status === 'all' ? 'No documents yet' : `No ${FILTER_LABELS[status].toLowerCase()} documents`}
            description="Documents appear here when someone reports a death or incapacity for an estate in your care and uploads the proof."
          />
        ) : (
          <div className="space-y-6">
            <VerificationList
              items={list.items}
              viewingId={viewingId}
              onView={(item) => void view(item)}
              onApprove={(item) => {
                setApproving(item);
                setApproveOpen(true);
              }}
              onReject={(item) => {
                setRejecting({ key: Date.now(), item });
                setRejectOpen(true);
              }}
            />
            <LoadMoreFooter list={list} />
          </div>
        )}
      </Card>
      <VerificationGuidelines timeoutLabel={VERIFICATION_TIMEOUTS[settings.verificationTimeout]} requiredDocuments={settings.requiredDocuments} />

      <PreviewDialog preview={preview} open={previewOpen} onClose={() => setPreviewOpen(false)} />
      <ConfirmDialog
        open={approveOpen}
        title="Approve this document?"
        description={approving ? `${approving.documentLabel} for ${approving.estateName}, submitted by ${approving.submittedBy} (${approving.relationship}).` : undefined}
        confirmLabel="Approve"
        busy={approving !== null && busyId === approving.id}
        onConfirm={() => void approve()}
        onClose={() => setApproveOpen(false)}
      >
        <p>Approve it only after viewing it. When every required document of the estate is verified, the estate moves to Activation Pending.</p>
      </ConfirmDialog>
      <RejectDialog
        key={rejecting?.key ?? 'none'}
        open={rejectOpen}
        item={rejecting?.item ?? null}
        onClose={() => setRejectOpen(false)}
        onRejected={(updated) => {
          setRejectOpen(false);
          list.replace(updated);
          setNotice({ tone: 'success', text: `Rejected: ${updated.documentLabel} for ${updated.estateName}. ${updated.submittedBy} is told why.` });
          void revalidator.revalidate();
        }}
      />
    </div>
  );
}
