import { useId } from 'react';

/** One choice of a few, as cards with a hint each (a radio group under a legend). */
export function RadioCards<K extends string>({
  legend,
  options,
  hints,
  value,
  onChange,
  columns = 2,
  hideLegend = false,
}: {
  legend: string;
  /** cards per row from the small breakpoint up */
  columns?: 2 | 3;
  /** the legend is read by screen readers only (a card title above already says it) */
  hideLegend?: boolean;
  options: Record<K, string>;
  hints: Record<K, string>;
  value: K;
  onChange: (value: K) => void;
}) {
  const name = useId();
  return (
    <fieldset>
      <legend className={hideLegend ? 'sr-only' : 'text-base font-semibold text-stone-900'}>{legend}</legend>
      <div className={`${hideLegend ? '' : 'mt-3'} grid gap-3 ${columns === 3 ? 'sm:grid-cols-3' : 'sm:grid-cols-2'}`}>
        {(Object.keys(options) as K[]).map((key) => (
          <label
            key={key}
            className="flex cursor-pointer items-start gap-3 rounded-lg p-4 ring-1 ring-stone-200 has-checked:bg-accent-soft has-checked:ring-2 has-checked:ring-accent-solid"
          >
            <input type="radio" name={name} value={key} checked={value === key} onChange={() => onChange(key)} className="mt-1 size-4 accent-accent-solid" />
            <span className="text-sm">
              <span className="block font-medium text-stone-900">{options[key]}</span>
              <span className="mt-0.5 block text-stone-600">{hints[key]}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
