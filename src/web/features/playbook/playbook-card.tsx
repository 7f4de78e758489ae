import { CheckCircleIcon, EllipsisHorizontalCircleIcon } from '@heroicons/react/24/outline';
import { useCallback, useRef } from 'react';
import type { TPlaybook, TPlaybookItem } from '../../../core/playbook.schemas.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Card } from '../../components/ui/card.tsx';
import { LoadMoreFooter } from '../../components/ui/load-more-footer.tsx';
import { formatDateTime } from '../../lib/dates.ts';
import { useCardData } from '../../lib/use-card-data.ts';
import { keyedPage, useLoadMore } from '../../lib/use-load-more.ts';
import { useRowAction } from '../../lib/use-row-action.ts';
import { playbookApi } from './api.ts';

const byAsset = (page: Pick<TPlaybook, 'items' | 'nextCursor'>) => keyedPage(page, (i) => i.assetId);

/** `pending`: the state the viewer just asked for, shown until the server answers. */
/** `onToggle` null: the viewer follows the executor's progress and ticks nothing. */
function Item({ item, busy, pending, onToggle }: { item: TPlaybookItem; busy: boolean; pending: boolean | null; onToggle: ((item: TPlaybookItem) => void) | null }) {
  const id = `playbook-${item.assetId}`;
  const Done = item.tick ? CheckCircleIcon : EllipsisHorizontalCircleIcon;
  return (
    <li className="flex gap-3 py-4 first:pt-0 last:pb-0">
      {onToggle ? (
        <input
          id={id}
          type="checkbox"
          checked={pending ?? item.tick !== null}
          disabled={busy}
          onChange={() => onToggle(item)}
          aria-describedby={`${id}-details`}
          className="mt-1 size-5 shrink-0 rounded accent-(--accent-solid)"
        />
      ) : (
        <Done aria-hidden="true" className={`mt-0.5 size-6 shrink-0 ${item.tick ? 'text-emerald-600' : 'text-stone-400'}`} />
      )}
      <div className="min-w-0 flex-1">
        {onToggle ? (
          <label htmlFor={id} className="font-medium break-words text-stone-900">
            {item.name}: {item.actionLabel}
          </label>
        ) : (
          <p className="font-medium break-words text-stone-900">
            {item.name}: {item.actionLabel}
          </p>
        )}
        <div id={`${id}-details`} className="mt-1 space-y-1 text-sm text-stone-600">
          {item.platform && <p>{item.platform}</p>}
          {item.twoFactorDevice && <p className="break-words">Two-factor device: {item.twoFactorDevice}</p>}
          {item.note && <p className="break-words whitespace-pre-line">Note: {item.note}</p>}
          <p className="text-stone-700">
            {item.tick ? (
              <>
                Done — ticked by {item.tick.byName}, <time dateTime={item.tick.at}>{formatDateTime(item.tick.at)}</time>
              </>
            ) : (
              'Not done yet'
            )}
          </p>
        </div>
      </div>
    </li>
  );
}

/**
 * The executor playbook of an active estate: the owner's instructions for each digital account, ticked
 * off by those who settle the estate (its executor, deputy, administrator); digital-legacy
 * beneficiaries follow their progress (they tick it themselves when no executor is named). Renders
 * nothing when the server says the checklist is not there for this viewer (404).
 */
export function PlaybookCard({ estateId }: { estateId: string }) {
  const { data: playbook, failed, reload } = useCardData(useCallback(() => playbookApi.get(estateId), [estateId]));
  const { busyId, notice, act } = useRowAction(reload);
  const list = useLoadMore(byAsset(playbook ?? { items: [], nextCursor: null }), estateId, async (cursor) => byAsset(await playbookApi.get(estateId, cursor)));
  const listRef = useRef<HTMLUListElement>(null);

  const toggle = (item: TPlaybookItem) =>
    act(item.assetId, async () => {
      const saved = item.tick ? await playbookApi.untick(estateId, item.assetId) : await playbookApi.tick(estateId, item.assetId);
      list.replace({ ...saved, id: saved.assetId });
      return saved.tick ? `“${saved.name}” ticked off.` : `“${saved.name}” marked not done.`;
    });

  if (!playbook) return failed ? <Alert tone="error">{failed}</Alert> : null;
  return (
    <Card title="Executor playbook" description={`${playbook.ownerName}’s instructions for their digital accounts — ${playbook.done} of ${playbook.total} done`}>
      {!playbook.canTick && <p className="mb-4 text-sm text-stone-600">The executor ticks these off as they go; you can follow their progress here.</p>}
      <div aria-live="polite" className="mb-4 empty:hidden">
        {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : failed && <Alert tone="error">{failed}</Alert>}
      </div>
      {list.items.length === 0 ? (
        <p className="text-sm text-stone-600">No digital accounts were recorded.</p>
      ) : (
        <ul ref={listRef} className="divide-y divide-stone-100">
          {list.items.map((item) => (
            <Item key={item.assetId} item={item} busy={busyId !== null} pending={busyId === item.assetId ? item.tick === null : null} onToggle={playbook.canTick ? (i) => void toggle(i) : null} />
          ))}
        </ul>
      )}
      <div className="mt-4">
        <LoadMoreFooter list={list} listRef={listRef} />
      </div>
    </Card>
  );
}
