import { ChatBubbleLeftRightIcon, EnvelopeIcon, PhoneIcon, PhotoIcon } from '@heroicons/react/24/outline';
import { useRef, useState } from 'react';
import { Link, useLoaderData, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import type { TSnapshotSummary } from '../../../core/audit-integrity.schemas.ts';
import type { TReportableEstate } from '../../../core/lifecycle.schemas.ts';
import { ownerRelationshipLabel, type TSharedEstate, type TSharedLetter } from '../../../core/shared-content.schemas.ts';
import { Avatar } from '../../components/ui/avatar.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { LoadMoreFooter } from '../../components/ui/load-more-footer.tsx';
import { NotFoundPage } from '../../components/ui/not-found-page.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { ApiError, orNotFound } from '../../lib/api.ts';
import { formatDate } from '../../lib/dates.ts';
import { useLoadMore } from '../../lib/use-load-more.ts';
import { estateReportApi } from '../../features/estate-report/api.ts';
import { IncapacityEstatePanel } from '../../features/incapacity/incapacity-estate-panel.tsx';
import { ReportPassingButton } from '../../features/estate-report/report-passing.tsx';
import { loadSnapshot } from '../../features/activation-snapshot/api.ts';
import { SnapshotCard } from '../../features/activation-snapshot/snapshot-card.tsx';
import { sharedApi } from '../../features/shared-content/api.ts';
import { closedFlag, EstateDocuments, EstateMemories } from '../../features/shared-content/estate-lists.tsx';
import { EstateStatusBadge } from '../../components/ui/estate-status-badge.tsx';
import { MemoryDialog } from '../../features/shared-content/memory-dialog.tsx';
import { PlaybookCard } from '../../features/playbook/playbook-card.tsx';
import { DeadlinesCard } from '../../features/deadlines/deadlines-card.tsx';
import { InventoryCard } from '../../features/inventory/inventory-card.tsx';
import { MemorialCard } from '../../features/memorial/memorial-card.tsx';

type Reportable = { reportable: TReportableEstate | null; reportableKnown: boolean };

/** Whether the viewer may report about this estate (and whether a report is open); unknown when the list fails. */
async function reportableFor(estateId: string): Promise<Reportable> {
  try {
    const { items } = await estateReportApi.reportable(estateId);
    return { reportable: items[0] ?? null, reportableKnown: true };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { reportable: null, reportableKnown: false };
  }
}

export async function loader({ params }: LoaderFunctionArgs): Promise<({ estate: TSharedEstate; snapshot: TSnapshotSummary | null } & Reportable) | { notFound: true }> {
  const id = params.id ?? '';
  // Not linked, not existing and malformed ids all read the same: not found.
  return orNotFound(async () => {
    const [estate, reportable] = await Promise.all([sharedApi.estate(id), reportableFor(id)]);
    // The activation snapshot exists only once the estate is active (ADR 0045).
    const snapshot = estate.status === 'active' ? await loadSnapshot(id) : null;
    return { estate, snapshot, ...reportable };
  });
}

function NotFound() {
  return (
    <NotFoundPage
      title="Estate not found"
      description="404 — there is no shared content for you at this address."
      why="The link may be mistyped, or this person has not shared anything with you."
      back={{ to: '/beneficiary', label: 'Back to Home' }}
    />
  );
}

/** The estate page's letters: the first page came with the estate, the next ones from the shared letters list for this estate. */
function Letters({ estate }: { estate: TSharedEstate }) {
  const [reading, setReading] = useState<TSharedLetter | null>(null);
  const list = useLoadMore(estate.letters, estate.estateId, (cursor) => sharedApi.letters({ estateId: estate.estateId, cursor }));
  const listRef = useRef<HTMLUListElement>(null);
  if (!list.items.length) {
    return <p className="text-sm text-stone-600">{closedFlag(estate.access.messages, 'Messages') ?? 'No messages have been delivered to you yet.'}</p>;
  }
  return (
    <>
      <ul ref={listRef} className="divide-y divide-stone-100">
        {list.items.map((l) => (
          <li key={l.id} className="flex flex-col gap-2 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-center">
            <div className="min-w-0 flex-1">
              <p className="flex items-center gap-2 font-medium text-stone-900">
                {l.unread && (
                  <span className="size-2 shrink-0 rounded-full bg-accent-solid">
                    <span className="sr-only">Unread: </span>
                  </span>
                )}
                {l.subject}
              </p>
              <p className="mt-0.5 line-clamp-2 text-sm text-stone-600">{l.preview}</p>
              {l.deliveredAt && <p className="mt-0.5 text-sm text-stone-500">Delivered {formatDate(l.deliveredAt)}</p>}
            </div>
            {l.threadId ? (
              <Link to={`/beneficiary/messages?thread=${l.threadId}`} className={buttonClasses('secondary', 'sm')}>
                Read
              </Link>
            ) : (
              <Button variant="secondary" size="sm" onClick={() => setReading(l)}>
                Read
              </Button>
            )}
          </li>
        ))}
      </ul>
      <div className="mt-4">
        <LoadMoreFooter list={list} listRef={listRef} />
      </div>
      <Dialog open={reading !== null} onClose={() => setReading(null)} title={reading?.subject ?? ''} footer={<Button variant="secondary" onClick={() => setReading(null)}>Close</Button>}>
        <p className="whitespace-pre-line text-stone-700">{reading?.body}</p>
      </Dialog>
    </>
  );
}

/** The estate content page: what one person shared with you, and who to contact about it. */
export function Component() {
  const data = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const [viewing, setViewing] = useState<string | null>(null);
  if ('notFound' in data) return <NotFound />;
  const { estate, snapshot, reportable, reportableKnown } = data;
  const featured = estate.featuredMemory;
  const featuredImage = featured?.media.find((m) => m.kind === 'photo' && m.url);

  return (
    <div className="space-y-8">
      <div className="flex items-center gap-4">
        <Avatar initials={estate.owner.initials} size="lg" />
        <div className="min-w-0 flex-1">
          <PageHeader
            title={estate.owner.name}
            description={
              <span className="flex flex-wrap items-center gap-2">
                {estate.relationship} {estate.status !== 'planning' && <EstateStatusBadge status={estate.status} />}
              </span>
            }
            actions={
              // Shown unless the reportable-estates list says this viewer may not report here.
              (reportable || !reportableKnown) && (
                <ReportPassingButton
                  target={{
                    estateId: estate.estateId,
                    ownerName: estate.owner.name,
                    // The page shows the owner's relation to the viewer ("Parent"); the report wants the viewer's ("Child").
                    relationship: reportable?.linkedAs ?? ownerRelationshipLabel(estate.relationship),
                  }}
                  status={reportable?.status ?? estate.status}
                  hasOpenReport={reportable?.hasOpenReport ?? false}
                  safeguards={reportable?.safeguards}
                  onChanged={() => void revalidator.revalidate()}
                />
              )
            }
          />
        </div>
      </div>

      <IncapacityEstatePanel estateId={estate.estateId} status={estate.status} onChanged={() => void revalidator.revalidate()} />
      {featured && (
        <section aria-labelledby="featured-heading" className="overflow-hidden rounded-xl bg-white shadow-xs ring-1 ring-stone-200 md:grid md:grid-cols-2">
          {featuredImage?.url ? (
            <img src={featuredImage.url} alt="" className="aspect-[4/3] h-full w-full bg-stone-100 object-cover" />
          ) : (
            <div aria-hidden="true" className="flex aspect-[4/3] items-center justify-center bg-gradient-to-br from-accent-soft to-stone-100">
              <PhotoIcon className="size-16 text-accent-icon/60" />
            </div>
          )}
          <div className="flex flex-col p-6 sm:p-8">
            <p className="text-xs font-semibold tracking-wide text-accent-text uppercase">Featured memory</p>
            <h2 id="featured-heading" className="mt-2 text-2xl font-semibold text-stone-900">
              {featured.title}
            </h2>
            <p className="mt-1 text-sm text-stone-500">{formatDate(featured.date)}</p>
            {featured.text && <p className="mt-4 line-clamp-5 text-stone-700">{featured.text}</p>}
            <div className="mt-auto pt-6">
              <Button onClick={() => setViewing(featured.id)} aria-describedby="featured-heading">
                View Memory
              </Button>
            </div>
          </div>
        </section>
      )}

      <EstateMemories estate={estate} onView={setViewing} />

      <div className="grid gap-8 lg:grid-cols-2">
        <EstateDocuments estate={estate} />
        <div id="messages">
          <Card title="Messages" description="Letters delivered to you">
            <Letters estate={estate} />
          </Card>
        </div>
      </div>

      {estate.status === 'active' && <PlaybookCard estateId={estate.estateId} />}
      {estate.status === 'active' && <DeadlinesCard estateId={estate.estateId} />}
      {estate.status === 'active' && <MemorialCard estateId={estate.estateId} />}
      {estate.status === 'active' && <InventoryCard estateId={estate.estateId} />}
      {estate.capsuleUrl && (
        <Card title="Legacy Capsule" description={`Everything ${estate.owner.name} sealed, in one file you can keep.`}>
          <div className="space-y-3 text-sm text-stone-700">
            <p>
              It opens on any computer, even without Heirloom, with the Emergency Kits {estate.owner.name} gave their trustees. Keep a copy somewhere safe.
            </p>
            <a href={estate.capsuleUrl} download className={buttonClasses('secondary', 'sm')}>
              Download the Legacy Capsule
            </a>
          </div>
        </Card>
      )}
      {snapshot && <SnapshotCard snapshot={snapshot} />}

      <Card title="Support Team" description={`The people helping with ${estate.owner.name}’s legacy. Contact them with any questions.`}>
        {estate.supportTeam.length === 0 ? (
          <p className="text-sm text-stone-600">No support team has been named yet.</p>
        ) : (
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            {estate.supportTeam.map((m) => (
              <li key={m.id} className="flex gap-4 rounded-xl p-4 ring-1 ring-stone-200">
                <Avatar initials={m.initials} />
                <div className="min-w-0">
                  <p className="font-semibold text-stone-900">{m.name}</p>
                  <p className="text-sm text-stone-600">{m.roleLabel}</p>
                  <p className="mt-2 flex items-center gap-2 text-sm">
                    <EnvelopeIcon aria-hidden="true" className="size-4 shrink-0 text-stone-400" />
                    <a href={`mailto:${m.email}`} className="truncate text-accent-text underline-offset-2 hover:underline">
                      {m.email}
                    </a>
                  </p>
                  {m.phone && (
                    <p className="mt-1 flex items-center gap-2 text-sm">
                      <PhoneIcon aria-hidden="true" className="size-4 shrink-0 text-stone-400" />
                      <a href={`tel:${m.phone.replace(/[^\d+]/g, '')}`} className="text-accent-text underline-offset-2 hover:underline">
                        {m.phone}
                      </a>
                    </p>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
        <div className="mt-4">
          <Link to="/beneficiary/messages?compose=1" className={buttonClasses('secondary', 'sm')}>
            <ChatBubbleLeftRightIcon aria-hidden="true" className="size-4" />
            Message the support team
          </Link>
        </div>
      </Card>
      <MemoryDialog memoryId={viewing} onClose={() => setViewing(null)} />
    </div>
  );
}
