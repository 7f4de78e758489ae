import { useEffect, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { inboxApi } from './api.ts';

/**
 * The signed-in user's unread conversations, for the sidebar's Messages badge. One small request
 * (GET /api/v1/inbox/unread-count) when a persona area opens, on every navigation, and whenever an
 * inbox screen reads, replies or sends (refreshUnreadCount): the badge falls as soon as a
 * conversation is opened.
 */
let count: number | null = null;
let inFlight: Promise<void> | null = null;
let again = false;
const listeners = new Set<() => void>();

function publish(next: number | null) {
  if (next === count) return;
  count = next;
  for (const listener of listeners) listener();
}

/** Ask the server again (coalesced: one request at a time, one more if asked meanwhile). */
export function refreshUnreadCount(): void {
  if (inFlight) {
    again = true;
    return;
  }
  inFlight = inboxApi
    .unreadCount()
    .then((r) => publish(r.unreadCount))
    // A failed count hides the badge rather than showing a stale one; the screen itself reports errors.
    .catch(() => publish(null))
    .finally(() => {
      inFlight = null;
      if (again) {
        again = false;
        refreshUnreadCount();
      }
    });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The unread count (null until known, or when the area has no inbox); refreshed on navigation. */
export function useUnreadCount(enabled: boolean): number | null {
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (enabled) refreshUnreadCount();
  }, [enabled, pathname, search]);
  const value = useSyncExternalStore(subscribe, () => count);
  return enabled ? value : null;
}
