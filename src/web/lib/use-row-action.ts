import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { ApiError } from './api.ts';

/** A line above a list saying what the last action did. */
export interface Notice {
  tone: 'success' | 'error';
  text: string;
}

/**
 * Actions on the rows of a route's list, one at a time: `busyId` is the row's while its action
 * runs; the action returns the words for its success, which land in `notice`, and the route's
 * data reloads; an ApiError's message lands in `notice` instead (anything else is rethrown).
 */
export function useRowAction() {
  const revalidator = useRevalidator();
  const [busyId, setBusyId] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);

  async function act(id: string, action: () => Promise<string>) {
    setBusyId(id);
    setNotice(null);
    try {
      const text = await action();
      setNotice({ tone: 'success', text });
      await revalidator.revalidate();
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      setNotice({ tone: 'error', text: e.message });
    } finally {
      setBusyId(null);
    }
  }

  return { busyId, notice, setNotice, act };
}
