import { clampPercent, progressColour, type ProgressColour } from '../../../core/progress.ts';

const FILL: Record<ProgressColour, string> = {
  green: 'bg-green-600',
  yellow: 'bg-yellow-500',
  red: 'bg-red-600',
};

export interface ProgressBarProps {
  /** 0–100; rounded and clamped. */
  value: number;
  /** What is measured, e.g. "Legacy completion" — shown and used as the accessible name. */
  label: string;
  /** Hide the label visually (it stays the accessible name). */
  hideLabel?: boolean;
}

/** Green at 70% or more, yellow from 40 to under 70, red under 40 (core `progressColour`). */
export function ProgressBar({ value, label, hideLabel = false }: ProgressBarProps) {
  const percent = clampPercent(value);
  return (
    <div>
      <div className={`mb-1.5 flex items-baseline justify-between gap-3 text-sm ${hideLabel ? 'justify-end' : ''}`}>
        {!hideLabel && <span className="font-medium text-stone-700">{label}</span>}
        <span className="font-semibold text-stone-900 tabular-nums">{percent}%</span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuenow={percent}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuetext={`${percent}%`}
        className="h-2.5 overflow-hidden rounded-full bg-stone-200"
      >
        <div
          className={`h-full rounded-full transition-[width] duration-500 motion-reduce:transition-none ${FILL[progressColour(percent)]}`}
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}
