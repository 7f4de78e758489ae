import type { IconComponent } from './icons.ts';

export interface StatTile {
  label: string;
  /** a figure, or a word when there is none (e.g. '—') */
  value: number | string;
  icon: IconComponent;
  /** classes of the icon's square, e.g. 'bg-amber-50 text-amber-700' */
  tone: string;
}

const COLUMNS = { 3: 'sm:grid-cols-3', 4: 'lg:grid-cols-4', 5: 'sm:grid-cols-3 xl:grid-cols-5' } as const;

/** A row of counters (a label and a number each), two to a row on a phone. */
export function StatTiles({ label, tiles }: { label: string; tiles: StatTile[] }) {
  const columns = COLUMNS[Math.min(5, Math.max(3, tiles.length)) as 3 | 4 | 5];
  return (
    <ul aria-label={label} className={`grid grid-cols-2 gap-4 ${columns}`}>
      {tiles.map(({ label: name, value, icon: Icon, tone }) => (
        <li key={name} className="flex items-center gap-4 rounded-xl bg-white p-4 shadow-xs ring-1 ring-stone-200 sm:p-5">
          <span aria-hidden="true" className={`hidden size-11 shrink-0 items-center justify-center rounded-lg sm:flex ${tone}`}>
            <Icon className="size-6" />
          </span>
          <div className="min-w-0">
            <p className="text-sm font-medium text-stone-600">{name}</p>
            <p className="text-2xl font-semibold text-stone-900 tabular-nums">{value}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
