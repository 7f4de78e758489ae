import { Alert } from './alert.tsx';
import { Button } from './button.tsx';

/** Under a list paged with useLoadMore: its error, and "Load more" while there is a next page. */
export function LoadMoreFooter({ list }: { list: { error: string | null; nextCursor: string | null; loading: boolean; loadMore: () => Promise<void> } }) {
  return (
    <>
      {list.error && <Alert tone="error">{list.error}</Alert>}
      {list.nextCursor && (
        <div className="flex justify-center">
          <Button variant="secondary" loading={list.loading} onClick={() => void list.loadMore()}>
            Load more
          </Button>
        </div>
      )}
    </>
  );
}
