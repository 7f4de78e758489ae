import { ChatBubbleLeftRightIcon, DocumentTextIcon, HeartIcon, PhotoIcon } from '@heroicons/react/24/outline';
import { Link, useLoaderData } from 'react-router';
import type { TSharedActivity, TSharedEstateSummary } from '../../../core/shared-content.schemas.ts';
import { sharedCountLabel } from '../../../core/shared-counts.ts';
import { Avatar } from '../../components/ui/avatar.tsx';
import { buttonClasses } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { sharedApi } from '../../features/shared-content/api.ts';
import { EstateStatusBadge } from '../../components/ui/estate-status-badge.tsx';
import { useSignedInSession } from '../../layouts/persona-layout.tsx';
import { timeAgo } from '../../lib/dates.ts';

export function loader() {
  return sharedApi.home();
}

const COUNT_LABELS = [
  { key: 'memories', label: 'Memories', icon: PhotoIcon },
  { key: 'documents', label: 'Documents', icon: DocumentTextIcon },
  { key: 'messages', label: 'Messages', icon: ChatBubbleLeftRightIcon },
] as const;

function OwnerCard({ estate }: { estate: TSharedEstateSummary }) {
  const headingId = `owner-${estate.estateId}`;
  return (
    <li className="flex flex-col rounded-xl bg-white p-6 shadow-xs ring-1 ring-stone-200">
      <div className="flex items-start gap-4">
        <Avatar initials={estate.owner.initials} size="lg" />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 id={headingId} className="text-lg font-semibold text-stone-900">
              {estate.owner.name}
            </h2>
            {estate.status !== 'planning' && <EstateStatusBadge status={estate.status} />}
          </div>
          <p className="text-sm text-stone-600">{estate.relationship}</p>
          {estate.status === 'planning' && <p className="mt-1 text-sm text-stone-500">{estate.lastActiveAt ? `Last active ${timeAgo(estate.lastActiveAt)}` : 'Not active yet'}</p>}
        </div>
      </div>
      <dl className="mt-5 grid grid-cols-3 gap-3">
        {COUNT_LABELS.map(({ key, label, icon: Icon }) => (
          <div key={key} className="rounded-lg bg-stone-50 px-3 py-3 text-center ring-1 ring-stone-100">
            <dt className="flex items-center justify-center gap-1 text-xs font-medium text-stone-600">
              <Icon aria-hidden="true" className="size-4 shrink-0 text-stone-400" />
              {label}
            </dt>
            <dd className="mt-1 text-2xl font-semibold text-stone-900 tabular-nums">{sharedCountLabel(estate.counts[key])}</dd>
          </div>
        ))}
      </dl>
      <Link to={`/beneficiary/estate/${estate.estateId}`} className={buttonClasses('primary', 'md', 'mt-5')} aria-describedby={headingId}>
        View Shared Content
      </Link>
    </li>
  );
}

const ACTIVITY = {
  memory: { icon: PhotoIcon, verb: 'shared a memory' },
  document: { icon: DocumentTextIcon, verb: 'shared a document' },
  message: { icon: ChatBubbleLeftRightIcon, verb: 'left you a message' },
} as const;

function ActivityRow({ item }: { item: TSharedActivity }) {
  const { icon: Icon, verb } = ACTIVITY[item.kind];
  const textId = `activity-${item.kind}-${item.id}`;
  return (
    <li className="flex items-center gap-4 py-3 first:pt-0 last:pb-0">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-accent-soft">
        <Icon aria-hidden="true" className="size-5 text-accent-icon" />
      </span>
      <div id={textId} className="min-w-0 flex-1">
        <p className="text-sm text-stone-900">
          <span className="font-medium">{item.ownerName}</span> {verb}: <span className="font-medium">{item.title}</span>
        </p>
        <p className="text-sm text-stone-500">
          <time dateTime={item.at}>{timeAgo(item.at)}</time>
        </p>
      </div>
      <Link to={item.href} className={buttonClasses('ghost', 'sm')} aria-describedby={textId}>
        View
      </Link>
    </li>
  );
}

/** Home: a welcome, one card per person who chose you as a beneficiary, and what they shared lately. */
export function Component() {
  const { estates, activity, returning } = useLoaderData<typeof loader>();
  const { user } = useSignedInSession();
  const firstName = user.name.split(/\s+/)[0] ?? user.name;
  return (
    <div className="space-y-8">
      <PageHeader
        title={`${returning ? 'Welcome back' : 'Welcome'}, ${firstName}`}
        description="Here is what the people who love you have shared with you."
      />
      {estates.length === 0 ? (
        <EmptyState
          icon={HeartIcon}
          title="Nothing has been shared with you yet"
          description="When someone names you as a beneficiary and you accept their invitation, their shared memories, documents and messages appear here."
        />
      ) : (
        <ul className="grid grid-cols-1 gap-6 md:grid-cols-2">
          {estates.map((e) => (
            <OwnerCard key={e.estateId} estate={e} />
          ))}
        </ul>
      )}
      <Card title="Recent Activity">
        {activity.length === 0 ? (
          <p className="text-sm text-stone-600">No activity yet.</p>
        ) : (
          <ul className="divide-y divide-stone-100">
            {activity.map((a) => (
              <ActivityRow key={`${a.kind}-${a.id}`} item={a} />
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
