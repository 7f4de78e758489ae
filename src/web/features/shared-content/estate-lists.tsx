import { DocumentTextIcon, PhotoIcon } from '@heroicons/react/24/outline';
import type { TSharedEstate } from '../../../core/shared-content.schemas.ts';
import { sharedCountLabel } from '../../../core/shared-counts.ts';
import { Card } from '../../components/ui/card.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { LoadMoreFooter } from '../../components/ui/load-more-footer.tsx';
import { useLoadMore } from '../../lib/use-load-more.ts';
import { sharedApi } from './api.ts';
import { DocumentList } from './document-list.tsx';
import { MemoryCard } from './memory-card.tsx';

export const closedFlag = (open: boolean, what: string) => (open ? null : `${what} are not part of what this person has opened to you.`);

/** The estate page's Memories: the first page came with the estate, the next ones from Shared Memories for this estate. */
export function EstateMemories({ estate, onView }: { estate: TSharedEstate; onView: (id: string) => void }) {
  const list = useLoadMore(estate.memories, estate.estateId, (cursor) => sharedApi.memories({ estateId: estate.estateId, cursor }));
  return (
    <Card title="Memories" description={`${sharedCountLabel(estate.counts.memories)} shared with you`}>
      {list.items.length === 0 ? (
        <EmptyState icon={PhotoIcon} title="No memories yet" description={closedFlag(estate.access.memories, 'Memories') ?? 'Memories shared with you will appear here.'} />
      ) : (
        <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 xl:grid-cols-3">
          {list.items.map((m) => (
            <MemoryCard key={m.id} memory={m} onView={onView} showFrom={false} headingLevel={3} />
          ))}
        </ul>
      )}
      <div className="mt-4">
        <LoadMoreFooter list={list} />
      </div>
    </Card>
  );
}

/** The estate page's Documents, paged the same way. */
export function EstateDocuments({ estate }: { estate: TSharedEstate }) {
  const list = useLoadMore(estate.documents, estate.estateId, (cursor) => sharedApi.documents({ estateId: estate.estateId, cursor }));
  return (
    <Card title="Documents" description={`${sharedCountLabel(estate.counts.documents)} shared with you`}>
      {list.items.length === 0 ? (
        <EmptyState icon={DocumentTextIcon} title="No documents yet" description={closedFlag(estate.access.documents, 'Documents') ?? 'Documents shared with you will appear here.'} />
      ) : (
        <DocumentList documents={list.items} showFrom={false} />
      )}
      <div className="mt-4">
        <LoadMoreFooter list={list} />
      </div>
    </Card>
  );
}
