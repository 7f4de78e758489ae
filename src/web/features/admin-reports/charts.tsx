/**
 * The Reports charts, drawn with recharts. This module is loaded only by the admin Reports screen,
 * through React.lazy (chart-figure.tsx), so recharts never lands in another route's bundle — the
 * Playwright spec e2e/admin-reports checks the built chunks. Each chart is a picture only: its
 * figure carries the text alternative (a summary and a table of every bucket).
 */
import { Bar, BarChart, CartesianGrid, ComposedChart, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { AdminReportBucket, TContentPoint, THealthPoint, TUserGrowthPoint } from '../../../core/admin-reports.schemas.ts';
import { CONTENT_LABELS, HEALTH_LABELS } from '../../../core/admin-reports.schemas.ts';
import { longBucket, shortBucket } from './bucket-label.ts';

/** Colours with at least 3:1 contrast on white, told apart by the legend's words too. */
const COLOURS = ['#0f766e', '#b45309', '#6d28d9', '#be123c', '#0369a1'];
const HEIGHT = 260;
const axis = { fontSize: 12, fill: '#57534e' };

interface ChartProps<T> {
  points: T[];
  bucket: AdminReportBucket;
}

function common(bucket: AdminReportBucket) {
  return {
    grid: <CartesianGrid stroke="#e7e5e4" vertical={false} />,
    x: <XAxis dataKey="start" tickFormatter={(s: string) => shortBucket(s, bucket)} tick={axis} minTickGap={16} tickLine={false} />,
    tooltip: <Tooltip labelFormatter={(s) => longBucket(String(s), bucket)} />,
    legend: <Legend wrapperStyle={{ fontSize: 13 }} />,
  };
}

/** New users per bucket (bars, left axis) and the running total (line, right axis). */
export function GrowthChart({ points, bucket }: ChartProps<TUserGrowthPoint>) {
  const c = common(bucket);
  return (
    <ResponsiveContainer width="100%" height={HEIGHT}>
      <ComposedChart data={points} accessibilityLayer={false} margin={{ top: 8, right: 4, bottom: 0, left: -16 }}>
        {c.grid}
        {c.x}
        <YAxis yAxisId="new" allowDecimals={false} tick={axis} tickLine={false} axisLine={false} />
        <YAxis yAxisId="total" orientation="right" allowDecimals={false} tick={axis} tickLine={false} axisLine={false} />
        {c.tooltip}
        {c.legend}
        <Bar yAxisId="new" dataKey="newUsers" name="New users" fill={COLOURS[0]} radius={[3, 3, 0, 0]} isAnimationActive={false} />
        <Line yAxisId="total" dataKey="totalUsers" name="Total users" stroke={COLOURS[1]} strokeWidth={2} dot={false} isAnimationActive={false} />
      </ComposedChart>
    </ResponsiveContainer>
  );
}

/** Several counts per bucket: stacked bars (parts of one whole) or one line each (separate signals). */
function MultiChart<T extends { start: string }>({ points, bucket, labels, kind }: ChartProps<T> & { labels: Partial<Record<keyof T, string>>; kind: 'stacked' | 'lines' }) {
  const c = common(bucket);
  const keys = Object.keys(labels) as (keyof T & string)[];
  const Chart = kind === 'stacked' ? BarChart : LineChart;
  return (
    <ResponsiveContainer width="100%" height={HEIGHT}>
      <Chart data={points} accessibilityLayer={false} margin={{ top: 8, right: 4, bottom: 0, left: -16 }}>
        {c.grid}
        {c.x}
        <YAxis allowDecimals={false} tick={axis} tickLine={false} axisLine={false} />
        {c.tooltip}
        {c.legend}
        {keys.map((key, i) =>
          kind === 'stacked' ? (
            <Bar key={key} dataKey={key as string} name={labels[key]} stackId="all" fill={COLOURS[i]} isAnimationActive={false} />
          ) : (
            <Line key={key} dataKey={key as string} name={labels[key]} stroke={COLOURS[i]} strokeWidth={2} dot={false} isAnimationActive={false} />
          ),
        )}
      </Chart>
    </ResponsiveContainer>
  );
}

/** Memories, documents and future messages created per bucket, stacked. */
export const ContentChart = (props: ChartProps<TContentPoint>) => <MultiChart {...props} labels={CONTENT_LABELS} kind="stacked" />;

/** The five health signals per bucket, one line each. */
export const HealthChart = (props: ChartProps<THealthPoint>) => <MultiChart {...props} labels={HEALTH_LABELS} kind="lines" />;
