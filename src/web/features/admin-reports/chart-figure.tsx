import { lazy, Suspense, useId, type ReactNode } from 'react';
import type { AdminReportBucket } from '../../../core/admin-reports.schemas.ts';
import { BUCKET_WORD, longBucket } from './bucket-label.ts';

/** recharts comes in its own chunk, fetched when the Reports screen first draws a chart. */
export const GrowthChart = lazy(() => import('./charts.tsx').then((m) => ({ default: m.GrowthChart })));
export const ContentChart = lazy(() => import('./charts.tsx').then((m) => ({ default: m.ContentChart })));
export const HealthChart = lazy(() => import('./charts.tsx').then((m) => ({ default: m.HealthChart })));

export interface FigureColumn<T> {
  key: keyof T & string;
  label: string;
}

/**
 * A chart with its text alternative: the picture is hidden from assistive tech, which gets the
 * summary under it and a visually-hidden table of every bucket (the same figures).
 */
export function ChartFigure<T extends { start: string }>({
  title,
  summary,
  bucket,
  columns,
  points,
  children,
}: {
  title: string;
  summary: string;
  bucket: AdminReportBucket;
  columns: FigureColumn<T>[];
  points: T[];
  children: ReactNode;
}) {
  const id = useId();
  return (
    <figure aria-labelledby={`${id}-caption`} className="relative min-w-0">
      <figcaption id={`${id}-caption`} className="text-sm font-semibold text-stone-900">
        {title} {BUCKET_WORD[bucket].per}
      </figcaption>
      <div aria-hidden="true" data-chart className="mt-3 h-[260px] min-w-0">
        <Suspense fallback={<div className="h-full animate-pulse rounded-lg bg-stone-100" />}>{children}</Suspense>
      </div>
      <p className="mt-3 text-sm text-stone-600">{summary}</p>
      <div className="sr-only">
        <table>
          <caption>
            {title} {BUCKET_WORD[bucket].per}
          </caption>
          <thead>
            <tr>
              <th scope="col">{BUCKET_WORD[bucket].one}</th>
              {columns.map((c) => (
                <th key={c.key} scope="col">
                  {c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={p.start}>
                <th scope="row">{longBucket(p.start, bucket)}</th>
                {columns.map((c) => (
                  <td key={c.key}>{String(p[c.key])}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
