import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { ApiError } from './api.ts';

/** A line above a list saying what the last action did. */
export interface Notice {
  tone: 'success' | 'error';
  text: string;
}

/**
 * Actions on the rows of a list, one at a time: `busyId` is the row's while its action runs; the
 * action returns the words for its success, which land in `notice`; an ApiError's message lands in
 * `notice` instead (anything else is rethrown). Then the data reloads, after a refusal too (it is
 * often one because the data changed): the route's loaders, or `reload` for a card that reads its
 * own data (useCardData).
 */
export function useRowAction(reload?: () => Promise<unknown>) {
  const revalidator = useRevalidator();
  const [busyId, setBusyId] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);

  async function act(id: string, action: () => Promise<string>) {
    setBusyId(id);
    setNotice(null);
    try {
      setNotice({ tone: 'success', text: await action() });
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      setNotice({ tone: 'error', text: e.message });
    } finally {
      await (reload ? reload() : revalidator.revalidate());
      setBusyId(null);
    }
  }

  return { busyId, notice, setNotice, act };
}
