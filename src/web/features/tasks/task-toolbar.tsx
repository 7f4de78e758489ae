import { MagnifyingGlassIcon } from '@heroicons/react/20/solid';
import { useEffect, useRef, useState } from 'react';
import { TASK_FILTERS } from '../../../core/constants.ts';

type Filter = (typeof TASK_FILTERS)[number];
const LABELS: Record<Filter, string> = { all: 'All', pending: 'Pending', completed: 'Completed' };

export interface TaskToolbarProps {
  filter: Filter;
  q: string;
  onFilter: (filter: Filter) => void;
  /** called a moment after typing stops */
  onSearch: (q: string) => void;
}

/** Filter All / Pending / Completed and a search box. */
export function TaskToolbar({ filter, q, onFilter, onSearch }: TaskToolbarProps) {
  const [text, setText] = useState(q);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <div role="group" aria-label="Show tasks" className="inline-flex rounded-lg bg-stone-100 p-1">
        {TASK_FILTERS.map((f) => (
          <button
            key={f}
            type="button"
            aria-pressed={filter === f}
            onClick={() => onFilter(f)}
            className={`rounded-md px-4 py-1.5 text-sm font-semibold transition-colors ${
              filter === f ? 'bg-white text-stone-900 shadow-xs' : 'text-stone-600 hover:text-stone-900'
            }`}
          >
            {LABELS[f]}
          </button>
        ))}
      </div>
      <div className="relative sm:w-72">
        <label htmlFor="task-search" className="sr-only">
          Search tasks
        </label>
        <MagnifyingGlassIcon aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-stone-400" />
        <input
          id="task-search"
          type="search"
          placeholder="Search tasks"
          value={text}
          onChange={(e) => {
            const value = e.target.value;
            setText(value);
            clearTimeout(timer.current);
            timer.current = setTimeout(() => onSearch(value), 250);
          }}
          className="block w-full rounded-lg bg-white py-2 pr-3 pl-10 text-base text-stone-900 shadow-xs ring-1 ring-stone-300 ring-inset placeholder:text-stone-500 focus:outline-2 focus:-outline-offset-2 focus:outline-accent-solid"
        />
      </div>
    </div>
  );
}
