import { useCallback, useEffect, useId, useSyncExternalStore, type RefObject } from 'react';

/**
 * Unsaved changes (ADR 0043). A form opts in with one line — `ref={useUnsavedChangesGuard()}` on its
 * <form> — and from then on it counts as "changed" while what its controls hold differs from what
 * they held when it appeared (or when it was last submitted). The one <UnsavedChangesPrompt/> of
 * the layout asks before leaving the screen (React Router's blocker) or the page (beforeunload)
 * while any guarded form on screen is changed.
 */
const dirty = new Set<string>();
const listeners = new Set<() => void>();

function setDirty(id: string, value: boolean) {
  if (value === dirty.has(id)) return;
  if (value) dirty.add(id);
  else dirty.delete(id);
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Read at the moment of asking (the router's blocker), not from a render that may be stale. */
export const hasUnsavedChanges = (): boolean => dirty.size > 0;

/** An explicit Cancel: the person chose to drop what they typed, so leaving does not ask. */
export function forgetUnsavedChanges(): void {
  if (!dirty.size) return;
  dirty.clear();
  for (const listener of listeners) listener();
}

/** Whether any guarded form on screen holds unsaved changes. */
export function useHasUnsavedChanges(): boolean {
  return useSyncExternalStore(subscribe, () => dirty.size > 0);
}

/** What the form's controls hold now, named or not (controlled inputs often have no name). */
function snapshot(form: HTMLFormElement): string {
  const values: string[] = [];
  for (const element of Array.from(form.elements)) {
    if (element instanceof HTMLInputElement) {
      if (element.type === 'checkbox' || element.type === 'radio') values.push(element.checked ? '1' : '0');
      else if (element.type === 'file') values.push(String(element.files?.length ?? 0));
      else if (element.type !== 'hidden' && element.type !== 'submit' && element.type !== 'button') values.push(element.value);
    } else if (element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement) {
      values.push(element.value);
    }
  }
  return JSON.stringify(values);
}

/**
 * Guard a form against being left with unsaved changes: pass the result as the form's `ref`
 * (a ref the form already has can be passed in: it is kept up to date too).
 */
export function useUnsavedChangesGuard(alsoRef?: RefObject<HTMLFormElement | null>): (form: HTMLFormElement | null) => (() => void) | undefined {
  const id = useId();
  return useCallback(
    (form: HTMLFormElement | null) => {
      if (alsoRef) alsoRef.current = form;
      if (!form) return undefined;
      let baseline = snapshot(form);
      const check = () => setDirty(id, snapshot(form) !== baseline);
      // A submit saves (or shows what is wrong on the form itself): what is there now is the new baseline.
      const saved = () => {
        baseline = snapshot(form);
        setDirty(id, false);
      };
      form.addEventListener('input', check);
      form.addEventListener('change', check);
      form.addEventListener('submit', saved);
      return () => {
        form.removeEventListener('input', check);
        form.removeEventListener('change', check);
        form.removeEventListener('submit', saved);
        setDirty(id, false);
        if (alsoRef) alsoRef.current = null;
      };
    },
    [id, alsoRef],
  );
}

/**
 * The same guard for a form whose changes are not all in its controls (a list put in order with
 * buttons): it counts as changed while `changed` is true.
 */
export function useUnsavedChangesWhile(changed: boolean): void {
  const id = useId();
  useEffect(() => {
    setDirty(id, changed);
    return () => setDirty(id, false);
  }, [id, changed]);
}
