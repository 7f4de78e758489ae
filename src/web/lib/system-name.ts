/**
 * The platform's name as the server says it (admin Settings → System name), for the header and
 * every page title. Set each time the session loads (session.ts), so after an admin saves a new
 * name and the session is refreshed, every mounted title and logo shows it without a reload.
 */
import { useSyncExternalStore } from 'react';

export const DEFAULT_SYSTEM_NAME = 'Heirloom';

let current = DEFAULT_SYSTEM_NAME;
const listeners = new Set<() => void>();

export function setSystemName(name: string): void {
  if (!name || name === current) return;
  current = name;
  for (const listener of listeners) listener();
}

export function getSystemName(): string {
  return current;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSystemName(): string {
  return useSyncExternalStore(subscribe, getSystemName, getSystemName);
}
