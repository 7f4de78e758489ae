import { ArrowDownTrayIcon } from '@heroicons/react/24/outline';
import { useLoaderData, useLocation, useNavigate, useNavigation, type LoaderFunctionArgs } from 'react-router';
import {
  ADMIN_REPORT_CSV_KINDS,
  ADMIN_REPORT_CSV_LABELS,
  ADMIN_REPORT_RANGE_LABELS,
  CONTENT_LABELS,
  HEALTH_LABELS,
  type TAdminReport,
  type TAdminReportQuery,
  type TContentPoint,
  type THealthPoint,
} from '../../../core/admin-reports.schemas.ts';
import type { TFeedbackPage } from '../../../core/feedback.schemas.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { buttonClasses } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { LoadMoreFooter } from '../../components/ui/load-more-footer.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { adminReportsApi, rangeSearch } from '../../features/admin-reports/api.ts';
import { BUCKET_WORD, longBucket } from '../../features/admin-reports/bucket-label.ts';
import { ChartFigure, ContentChart, GrowthChart, HealthChart, type FigureColumn } from '../../features/admin-reports/chart-figure.tsx';
import { FeedbackList } from '../../features/admin-reports/feedback-list.tsx';
import { checkRange, rangeFormFrom, RangeFormView, type RangeErrors, type RangeForm } from '../../features/admin-reports/range-form.tsx';
import { TopInvitersTable } from '../../features/admin-reports/top-inviters-table.tsx';
import { ApiError } from '../../lib/api.ts';
import { useLoadMore } from '../../lib/use-load-more.ts';

type LoaderData = { form: RangeForm; errors: RangeErrors; feedback: TFeedbackPage } & ({ report: TAdminReport; query: TAdminReportQuery } | { report: null; query: null });

/** The report of the address's range (?range&from&to) and the newest feedback; a range the API refuses shows its errors instead. */
export async function loader({ request }: LoaderFunctionArgs): Promise<LoaderData> {
  const form = rangeFormFrom(new URL(request.url).searchParams);
  const checked = checkRange(form);
  const feedback = adminReportsApi.feedback(undefined, request.signal);
  if (!checked.ok) return { form, errors: checked.errors, report: null, query: null, feedback: await feedback };
  try {
    const [report, page] = await Promise.all([adminReportsApi.get(checked.query, request.signal), feedback]);
    return { form, errors: {}, report, query: checked.query, feedback: page };
  } catch (e) {
    if (e instanceof ApiError && e.status === 400 && e.fields) return { form, errors: e.fields, report: null, query: null, feedback: await feedback };
    throw e;
  }
}

const n = (v: number) => v.toLocaleString('en-GB');
const plural = (v: number, one: string, many = `${one}s`) => `${n(v)} ${v === 1 ? one : many}`;

/** "17 May – 15 Jun 2026 (UTC)". */
function rangeText(r: TAdminReport['range']): string {
  const day = (d: string) => longBucket(d, 'day');
  return `${r.from === r.to ? day(r.from) : `${day(r.from)} – ${day(r.to)}`} (${r.timeZone})`;
}

/** The bucket with the most of `key`, in words ("on 3 Jun 2026"), or null when all are zero. */
function busiest<T extends { start: string }>(points: T[], value: (p: T) => number, bucket: TAdminReport['range']['bucket']): string | null {
  const best = points.reduce<T | null>((b, p) => (value(p) > (b ? value(b) : 0) ? p : b), null);
  if (!best) return null;
  const when = longBucket(best.start, bucket);
  return `${bucket === 'day' ? 'on' : 'in'} ${bucket === 'week' ? when.replace(/^Week/, 'the week') : when} (${n(value(best))})`;
}

const contentColumns = (Object.keys(CONTENT_LABELS) as (keyof typeof CONTENT_LABELS)[]).map((key) => ({ key, label: CONTENT_LABELS[key] })) satisfies FigureColumn<TContentPoint>[];
const healthColumns = (Object.keys(HEALTH_LABELS) as (keyof typeof HEALTH_LABELS)[]).map((key) => ({ key, label: HEALTH_LABELS[key] })) satisfies FigureColumn<THealthPoint>[];

/** Reports: system health, user growth and content creation over time, top inviters, user feedback, Export Reports. */
export function Component() {
  const data = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const location = useLocation();
  const busy = navigation.state === 'loading' && navigation.location.pathname === location.pathname;
  const feedback = useLoadMore(data.feedback, '', (cursor) => adminReportsApi.feedback(cursor));
  const { report, query } = data;
  const peak = report && busiest(report.userGrowth, (p) => p.newUsers, report.range.bucket);
  const apply = (q: TAdminReportQuery) => void navigate({ search: `?${rangeSearch(q)}` }, { preventScrollReset: true });

  return (
    <div className="space-y-8">
      <PageHeader
        title="Reports"
        description="How the platform is growing and how healthy it is. Counts only: no one’s memories, documents or messages are read."
        actions={
          query && (
            <a href={adminReportsApi.csvUrl(query, 'series')} download className={buttonClasses('secondary')}>
              <ArrowDownTrayIcon aria-hidden="true" className="size-5" />
              Export Reports
            </a>
          )
        }
      />

      <Card title="Report period" description="Every report below covers these days, counted in the platform’s time zone.">
        <RangeFormView key={location.search} initial={data.form} initialErrors={data.errors} busy={busy} onApply={apply} />
      </Card>

      {!report || !query ? (
        <Alert tone="error">Check the date range above: {Object.values(data.errors).filter(Boolean).join(' ') || 'it is not valid.'}</Alert>
      ) : (
        <>
          <p className="text-sm text-stone-600" aria-live="polite">
            <span className="font-semibold text-stone-900">{ADMIN_REPORT_RANGE_LABELS[report.range.key]}</span> · {rangeText(report.range)} · counted{' '}
            {BUCKET_WORD[report.range.bucket].per}
          </p>

          <Card title="System health" description="Failed sign-ins, lock-outs, jobs that failed after their retries, mail that could not be delivered, and slow-request alerts.">
            <ChartFigure
              title="System health"
              bucket={report.range.bucket}
              points={report.systemHealth}
              columns={healthColumns}
              summary={healthColumns.map((c) => `${c.label}: ${n(report.totals[c.key])}`).join(' · ') + '.'}
            >
              <HealthChart points={report.systemHealth} bucket={report.range.bucket} />
            </ChartFigure>
          </Card>

          <div className="grid gap-8 xl:grid-cols-2">
            <Card title="User growth" description="New accounts of every role, and how many there were in all.">
              <ChartFigure
                title="User growth"
                bucket={report.range.bucket}
                points={report.userGrowth}
                columns={[
                  { key: 'newUsers', label: 'New users' },
                  { key: 'totalUsers', label: 'Total users' },
                ]}
                summary={`${plural(report.totals.newUsers, 'new user')}; ${n(report.totals.totalUsers)} in all at the end of the range${peak ? `; the most ${peak}` : ''}.`}
              >
                <GrowthChart points={report.userGrowth} bucket={report.range.bucket} />
              </ChartFigure>
            </Card>
            <Card title="Content creation" description="Memories, documents and future messages created across all estates.">
              <ChartFigure
                title="Content created"
                bucket={report.range.bucket}
                points={report.contentCreation}
                columns={contentColumns}
                summary={`${plural(report.totals.memories, 'memory', 'memories')}, ${plural(report.totals.documents, 'document')} and ${plural(report.totals.futureMessages, 'future message')} created.`}
              >
                <ContentChart points={report.contentCreation} bucket={report.range.bucket} />
              </ChartFigure>
            </Card>
          </div>

          <div className="grid gap-8 xl:grid-cols-2">
            <Card title="Top inviters" description="Who sent the most invitations in this range, and how many were accepted.">
              <TopInvitersTable inviters={report.topInviters} caption={`Top inviters, ${rangeText(report.range)}`} />
            </Card>
            <Card title="User feedback" description="The newest first, from “Send feedback” in the user menu.">
              <div className="space-y-4">
                <FeedbackList items={feedback.items} />
                <LoadMoreFooter list={feedback} />
              </div>
            </Card>
          </div>

          <Card title="Export Reports" description={`CSV files of ${rangeText(report.range)}, for a spreadsheet.`}>
            <ul className="grid gap-3 sm:grid-cols-3">
              {ADMIN_REPORT_CSV_KINDS.map((kind) => (
                <li key={kind}>
                  <a href={adminReportsApi.csvUrl(query, kind)} download className={buttonClasses('secondary', 'md', 'w-full')}>
                    <ArrowDownTrayIcon aria-hidden="true" className="size-5 shrink-0" />
                    {ADMIN_REPORT_CSV_LABELS[kind]}
                    <span className="sr-only"> (CSV)</span>
                  </a>
                </li>
              ))}
            </ul>
          </Card>
        </>
      )}
    </div>
  );
}
