import { useEffect, useRef, type RefObject } from 'react';
import { Alert } from './alert.tsx';
import { Button } from './button.tsx';

interface PagedList {
  items: unknown[];
  error: string | null;
  nextCursor: string | null;
  loading: boolean;
  loadMore: () => Promise<void>;
}

/**
 * Under a list paged with useLoadMore: its error, and "Load more" while there is a next page. With
 * `listRef` (the list element, one child per item), focus moves to the first item the click brought,
 * so a keyboard or screen-reader user carries on reading where the new items start instead of
 * landing on the page's body when the button goes away on the last page. Items without a link or
 * button (a log entry, the options of a picker) say where focus goes instead with `focusNew(before)`,
 * `before` the number of items there were.
 */
export function LoadMoreFooter({ list, listRef, focusNew }: { list: PagedList; listRef?: RefObject<HTMLElement | null>; focusNew?: (before: number) => void }) {
  // How many items there were when "Load more" was pressed; focus moves once the new ones are drawn.
  // In an effect, not after `await loadMore()`: React may commit the new items after that promise
  // settles (and after the next animation frame), and on the last page the button — which had focus —
  // is gone by then, leaving focus on the page's body.
  const pendingFocus = useRef<number | null>(null);
  const count = list.items.length;
  useEffect(() => {
    const before = pendingFocus.current;
    if (before === null || count <= before) return;
    pendingFocus.current = null;
    if (focusNew) return focusNew(before);
    // The item's first control, else the item itself (an item without controls has tabIndex -1).
    const item = listRef?.current?.children[before];
    (item?.querySelector<HTMLElement>('a[href], button:not([disabled]), input:not([disabled])') ?? (item instanceof HTMLElement ? item : null))?.focus();
  }, [count, focusNew, listRef]);

  async function loadMore() {
    if (listRef || focusNew) pendingFocus.current = list.items.length;
    await list.loadMore();
  }
  return (
    <>
      {list.error && <Alert tone="error">{list.error}</Alert>}
      {list.nextCursor && (
        <div className="flex justify-center">
          <Button variant="secondary" loading={list.loading} onClick={() => void loadMore()}>
            Load more
          </Button>
        </div>
      )}
    </>
  );
}
