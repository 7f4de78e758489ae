import type { TMemoryNote } from '../../../core/memories.schemas.ts';
import { formatDateTime } from '../../lib/dates.ts';

/** A memory's dated notes, oldest first. */
export function NotesList({ notes, className = '' }: { notes: TMemoryNote[]; className?: string }) {
  return (
    <ul className={`space-y-2 ${className}`.trim()}>
      {notes.map((n) => (
        <li key={n.id} className="rounded-lg bg-stone-50 px-3 py-2 text-sm">
          <p className="text-stone-800">{n.text}</p>
          <p className="mt-0.5 text-xs text-stone-500">{formatDateTime(n.createdAt)}</p>
        </li>
      ))}
    </ul>
  );
}
