import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { Spinner } from './spinner.tsx';

/** A chunk that arrives within this long shows no loading state (no flash on a fast connection). */
const QUIET_MS = 300;

/** What shows while a dialog's code downloads: announced politely, visible only after QUIET_MS. */
function DialogLoading() {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), QUIET_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <div role="status" aria-busy="true" className="pointer-events-none fixed inset-0 z-50 flex items-center justify-center">
      {visible && (
        <span className="flex items-center gap-2 rounded-lg bg-white px-4 py-3 text-sm text-stone-600 shadow-lg ring-1 ring-stone-200">
          <Spinner className="size-5" />
          Loading…
        </span>
      )}
      {!visible && <span className="sr-only">Loading…</span>}
    </div>
  );
}

/**
 * A dialog whose code (and what only it needs: form schemas, zod, the upload machinery) loads the
 * first time it opens, not with the screen. `isOpen` reads the dialog's own props; once opened it
 * stays mounted so closing keeps its transition.
 */
export function lazyDialog<P extends object>(load: () => Promise<ComponentType<P>>, isOpen: (props: P) => boolean): ComponentType<P> {
  const Dialog = lazy(async () => ({ default: await load() }));
  return function LazyDialog(props: P) {
    const [opened, setOpened] = useState(false);
    const open = isOpen(props);
    // Adjusting state while rendering (React's documented pattern): no extra frame before loading starts.
    if (open && !opened) setOpened(true);
    if (!open && !opened) return null;
    return (
      <Suspense fallback={<DialogLoading />}>
        <Dialog {...props} />
      </Suspense>
    );
  };
}
