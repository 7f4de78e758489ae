import { PhotoIcon, PlusIcon } from '@heroicons/react/24/outline';
import { useMemo, useRef, useState } from 'react';
import { Link, useLoaderData, useRevalidator, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { ZMemoryFilters, type TMemory, type TMemoryFilters } from '../../../core/memories.schemas.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { buttonClasses } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { LoadMoreFooter } from '../../components/ui/load-more-footer.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { ShareDialog } from '../../components/ui/share-dialog.tsx';
import { AddNoteDialog } from '../../features/memories/add-note-dialog.tsx';
import { EditMemoryDialog } from '../../features/memories/edit-memory-dialog.tsx';
import { memoriesApi } from '../../features/memories/api.ts';
import { MemoryCard } from '../../features/memories/memory-card.tsx';
import { MemoryDetailDialog } from '../../features/memories/memory-detail-dialog.tsx';
import { MemoryToolbar } from '../../features/memories/memory-toolbar.tsx';
import { useLoadMore } from '../../lib/use-load-more.ts';
import { WhileEditable } from '../../components/ui/estate-frozen.tsx';

const KEYS = ['q', 'type', 'from', 'to', 'sharedWith'] as const;

function queryFrom(params: URLSearchParams): TMemoryFilters {
  const raw = Object.fromEntries(KEYS.flatMap((k) => (params.get(k) ? [[k, params.get(k)]] : [])));
  const parsed = ZMemoryFilters.safeParse(raw);
  return parsed.success ? parsed.data : {};
}

export async function loader({ request }: LoaderFunctionArgs) {
  const query = queryFrom(new URL(request.url).searchParams);
  return { query, ...(await memoriesApi.list(query)) };
}

export function Component() {
  const { query, items: firstItems, nextCursor, beneficiaries, seal } = useLoaderData<typeof loader>();
  // Later pages ("Load more") are kept across the actions below and dropped when the search or filters change.
  const list = useLoadMore({ items: firstItems, nextCursor }, JSON.stringify(query), (cursor) => memoriesApi.list(query, cursor));
  const items = list.items;
  const listRef = useRef<HTMLUListElement>(null);
  const [params] = useSearchParams();
  // Remount the (uncontrolled) filter form only when filters are cleared or first applied, never while typing a search.
  const filtersKey = (['type', 'from', 'to', 'sharedWith'] as const).some((k) => query[k]) ? 'filtered' : 'unfiltered';
  const revalidator = useRevalidator();
  const [noting, setNoting] = useState<string | null>(null);
  const [sharing, setSharing] = useState<string | null>(null);
  const [opened, setOpened] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [savedTitle, setSavedTitle] = useState<string | null>(null);
  const byId = useMemo(() => new Map(items.map((m) => [m.id, m])), [items]);
  const created = params.get('created');
  const createdMemory = created ? byId.get(created) : undefined;
  const filtered = KEYS.some((k) => query[k]);
  const sharingMemory: TMemory | undefined = sharing ? byId.get(sharing) : undefined;
  const editingMemory = editing ? byId.get(editing) : undefined;
  /** After an action on one memory: the first page again, and this memory wherever it is loaded. */
  const refresh = async (id: string) => {
    await revalidator.revalidate();
    list.replace(await memoriesApi.get(id));
  };
  const edit = (memory: TMemory) => {
    setOpened(null);
    setSavedTitle(null);
    setEditing(memory.id);
  };

  const createMemory = (
    <WhileEditable>
      <Link to="/estate-owner/memories/create" className={buttonClasses('primary')}>
        <PlusIcon aria-hidden="true" className="size-5" />
        Create Memory
      </Link>
    </WhileEditable>
  );

  return (
    <div className="space-y-8">
      <PageHeader
        title="Memories"
        description="Photos, recordings and stories to pass on. Share each one with the people it belongs to."
        actions={createMemory}
      />
      <div aria-live="polite">
        {savedTitle ? <Alert tone="success">Saved your changes to “{savedTitle}”.</Alert> : createdMemory && <Alert tone="success">Saved “{createdMemory.title}”.</Alert>}
      </div>
      <MemoryToolbar key={filtersKey} query={query} beneficiaries={beneficiaries} />
      {items.length === 0 ? (
        filtered ? (
          <EmptyState icon={PhotoIcon} title="No memories match" description="Try other words, or clear the filters." />
        ) : (
          <EmptyState
            icon={PhotoIcon}
            title="No memories yet"
            description="Create your first memory: a photo album, a recording, or a story only you can tell."
            action={createMemory}
          />
        )
      ) : (
        <ul ref={listRef} aria-label="Memories" className="grid gap-6 sm:grid-cols-2 xl:grid-cols-3">
          {items.map((m) => (
            <MemoryCard key={m.id} memory={m} onOpen={(x) => setOpened(x.id)} onAddNote={(x) => setNoting(x.id)} onShare={(x) => setSharing(x.id)} onEdit={edit} />
          ))}
        </ul>
      )}
      <LoadMoreFooter list={list} listRef={listRef} />
      <AddNoteDialog memory={noting ? (byId.get(noting) ?? null) : null} onClose={() => setNoting(null)} onSaved={() => (noting ? refresh(noting) : undefined)} />
      <MemoryDetailDialog memory={opened ? (byId.get(opened) ?? null) : null} onClose={() => setOpened(null)} onDeleted={async () => {
          if (opened) list.remove(opened);
          await revalidator.revalidate();
        }} onEdit={edit} seal={seal} />
      {editingMemory && (
        <EditMemoryDialog
          key={editingMemory.id}
          memory={editingMemory}
          seal={seal}
          onClose={() => setEditing(null)}
          onSaved={async (saved) => {
            await refresh(editingMemory.id);
            if (saved) {
              setEditing(null);
              setSavedTitle(saved.title);
            }
          }}
        />
      )}
      {sharingMemory && (
        <ShareDialog
          open
          onClose={() => setSharing(null)}
          itemTitle={sharingMemory.title}
          itemKind="memory"
          current={sharingMemory.share}
          beneficiaries={beneficiaries}
          onSave={async (share) => {
            list.replace(await memoriesApi.share(sharingMemory.id, share));
            await revalidator.revalidate();
          }}
        />
      )}
    </div>
  );
}
