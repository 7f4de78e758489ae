import { useCallback, useEffect, useState } from 'react';
import { ApiError } from './api.ts';

const NOT_FOUND = [404];

/**
 * What a card on a shared page reads for itself rather than through its route's loader (the
 * estate's inventory, deadlines, playbook, memorial). `data` is null while it loads and while the
 * server answers one of `absentWhen` — the card is not there for this viewer and renders nothing;
 * any other refusal's message is `failed`. `get` and `absentWhen` must be stable (useCallback, a
 * module constant): a new one reads again.
 */
export function useCardData<T>(get: () => Promise<T>, absentWhen: readonly number[] = NOT_FOUND) {
  const [data, setData] = useState<T | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const reload = useCallback(async () => {
    try {
      setData(await get());
      setFailed(null);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      if (absentWhen.includes(e.status)) setData(null);
      else setFailed(e.message);
    }
  }, [get, absentWhen]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { data, setData, failed, reload };
}
