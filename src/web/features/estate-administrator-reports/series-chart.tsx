import { useId } from 'react';
import type { TReportSeries } from '../../../core/estate-administrator-reports.schemas.ts';

/** "13 Jun" for a YYYY-MM-DD day (a calendar day: no time-zone shift). */
export function dayLabel(date: string, withYear = false): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', ...(withYear ? { year: 'numeric' } : {}) });
}

/** A bucket in words: "13 Jun" by day, "week of 13 Jun" by week. */
const bucketLabel = (start: string, bucket: TReportSeries['bucket']) => (bucket === 'day' ? dayLabel(start, true) : `Week of ${dayLabel(start, true)}`);

/** A round top for the value axis: 1, 2, 5, 10, 20, 50… at or above the highest value. */
function niceMax(max: number): number {
  if (max <= 4) return Math.max(1, max);
  const step = 10 ** Math.floor(Math.log10(max));
  return [1, 2, 5, 10].map((m) => m * step).find((n) => n >= max) ?? max;
}

/**
 * The report's series as bars (an SVG, drawn without a library). The picture is hidden from
 * assistive tech; they get the summary under it and a visually-hidden table of every bucket.
 */
export function SeriesChart({ series }: { series: TReportSeries }) {
  const id = useId();
  const { points, bucket, label } = series;
  const total = points.reduce((a, p) => a + p.value, 0);
  const max = niceMax(Math.max(0, ...points.map((p) => p.value)));
  const busiest = points.reduce<(typeof points)[number] | undefined>((best, p) => (p.value > (best?.value ?? 0) ? p : best), undefined);
  const per = bucket === 'day' ? 'per day' : 'per week';
  const W = 100 / Math.max(1, points.length);
  const ticks = max <= 1 ? [0, max] : [0, max / 2, max];
  const middle = points[Math.floor((points.length - 1) / 2)];

  return (
    <figure aria-labelledby={`${id}-caption`} className="relative">
      <figcaption id={`${id}-caption`} className="text-sm font-semibold text-stone-900">
        {label} {per}
      </figcaption>
      <div className="mt-3 flex gap-2">
        <div aria-hidden="true" className="relative h-44 w-8 shrink-0 text-right text-xs text-stone-500 tabular-nums">
          {ticks.map((tick) => (
            <span key={tick} className="absolute right-0 -translate-y-1/2" style={{ top: `${100 - (tick / max) * 100}%` }}>
              {tick.toLocaleString('en-GB', { maximumFractionDigits: 1 })}
            </span>
          ))}
        </div>
        <div className="min-w-0 flex-1">
          <svg aria-hidden="true" focusable="false" viewBox="0 0 100 100" preserveAspectRatio="none" className="block h-44 w-full overflow-visible">
            {ticks.map((tick) => (
              <line key={tick} x1="0" x2="100" y1={100 - (tick / max) * 100} y2={100 - (tick / max) * 100} className="stroke-stone-200" strokeWidth="1" vectorEffect="non-scaling-stroke" />
            ))}
            {points.map((p, i) => {
              const h = (p.value / max) * 100;
              return (
                <rect key={p.start} x={i * W + W * 0.15} width={W * 0.7} y={100 - h} height={h} rx="0.4" className="fill-accent-solid">
                  <title>{`${bucketLabel(p.start, bucket)}: ${p.value}`}</title>
                </rect>
              );
            })}
          </svg>
          <div aria-hidden="true" className="mt-2 flex justify-between text-xs text-stone-500">
            <span>{points[0] ? dayLabel(points[0].start) : ''}</span>
            {points.length > 2 && middle && <span>{dayLabel(middle.start)}</span>}
            <span>{points.length > 1 ? dayLabel(points[points.length - 1]!.start) : ''}</span>
          </div>
        </div>
      </div>
      <p className="mt-3 text-sm text-stone-600">
        {total === 0
          ? `No ${label.toLowerCase()} in this range.`
          : `${total.toLocaleString('en-GB')} in total; the most, ${busiest!.value.toLocaleString('en-GB')}, ${bucket === 'day' ? 'on' : 'in the week of'} ${dayLabel(busiest!.start, true)}.`}
      </p>
      {/* A table is as tall as its rows whatever its box says: hidden inside a div, it takes no room. */}
      <div className="sr-only">
        <table>
          <caption>
            {label} {per}
          </caption>
          <thead>
            <tr>
              <th scope="col">{bucket === 'day' ? 'Day' : 'Week'}</th>
              <th scope="col">{label}</th>
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={p.start}>
                <th scope="row">{bucketLabel(p.start, bucket)}</th>
                <td>{p.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
