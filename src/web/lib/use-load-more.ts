import { useState } from 'react';
import { ApiError } from './api.ts';

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/**
 * "Load more" under a list whose first page comes from the route's loader: the next pages are
 * fetched here and appended. They are kept while the route's data reloads (after an action) and
 * dropped when `query` (the list's search and filters) changes.
 */
export function useLoadMore<T extends { id: string }>(first: Page<T>, query: string, fetchPage: (cursor: string) => Promise<Page<T>>) {
  const [more, setMore] = useState<{ query: string; items: T[]; nextCursor: string | null } | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const current = more?.query === query ? more : null;
  if (more && !current) setMore(null);

  const firstIds = new Set(first.items.map((i) => i.id));
  const items = [...first.items, ...(current?.items.filter((i) => !firstIds.has(i.id)) ?? [])];
  const nextCursor = current ? current.nextCursor : first.nextCursor;

  async function loadMore() {
    if (!nextCursor) return;
    setLoading(true);
    setError(null);
    try {
      const page = await fetchPage(nextCursor);
      setMore({ query, items: [...(current?.items ?? []), ...page.items], nextCursor: page.nextCursor });
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      setError(e.message);
    } finally {
      setLoading(false);
    }
  }

  /** Puts a changed item (an action's answer) in place in the pages loaded here. */
  function replace(item: T) {
    setMore((m) => (m ? { ...m, items: m.items.map((i) => (i.id === item.id ? item : i)) } : m));
  }

  /** Drops a deleted item from the pages loaded here. */
  function remove(id: string) {
    setMore((m) => (m ? { ...m, items: m.items.filter((i) => i.id !== id) } : m));
  }

  return { items, nextCursor, loading, error, loadMore, replace, remove };
}

/** A page whose items are known by another field (assetId, reportId), with that as `id` too: useLoadMore keys items by `id`. */
export function keyedPage<T>(page: Page<T>, keyOf: (item: T) => string): Page<T & { id: string }> {
  return { items: page.items.map((item) => ({ ...item, id: keyOf(item) })), nextCursor: page.nextCursor };
}
