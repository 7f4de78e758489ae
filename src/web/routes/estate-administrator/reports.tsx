import { ArrowDownTrayIcon, ChartBarIcon, TableCellsIcon } from '@heroicons/react/24/outline';
import { useEffect, useRef } from 'react';
import { Link, useLoaderData, useLocation, useNavigate, useNavigation, type LoaderFunctionArgs } from 'react-router';
import {
  DATE_RANGE_LABELS,
  REPORT_CSV_ROW_LIMIT,
  REPORT_TYPE_DESCRIPTIONS,
  REPORT_TYPE_LABELS,
  REPORT_TYPE_SLUGS,
  type TEstateAdministratorReport,
  type TParsedReportQuery,
} from '../../../core/estate-administrator-reports.schemas.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { buttonClasses } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { ApiError } from '../../lib/api.ts';
import { reportSearch, reportsApi } from '../../features/estate-administrator-reports/api.ts';
import { KpiTiles } from '../../features/estate-administrator-reports/kpi-tiles.tsx';
import { ReportBuilder } from '../../features/estate-administrator-reports/report-builder.tsx';
import { checkReportForm, formFromParams, type ReportForm } from '../../features/estate-administrator-reports/report-query.ts';
import { ReportTable } from '../../features/estate-administrator-reports/report-table.tsx';
import { dayLabel, SeriesChart } from '../../features/estate-administrator-reports/series-chart.tsx';

type LoaderData =
  | { form: ReportForm; errors: Partial<Record<keyof ReportForm, string>>; report: TEstateAdministratorReport; query: TParsedReportQuery }
  | { form: ReportForm; errors: Partial<Record<keyof ReportForm, string>>; report: null; query: null };

/** The report of the address's query (?type&range&from&to); a query the API refuses shows its errors instead. */
export async function loader({ request }: LoaderFunctionArgs): Promise<LoaderData> {
  const form = formFromParams(new URL(request.url).searchParams);
  const checked = checkReportForm(form);
  if (!checked.ok) return { form, errors: checked.errors, report: null, query: null };
  try {
    return { form, errors: {}, report: await reportsApi.get(checked.query, request.signal), query: checked.query };
  } catch (e) {
    if (e instanceof ApiError && e.status === 400 && e.fields) return { form, errors: e.fields, report: null, query: null };
    throw e;
  }
}

/** "17 May – 15 Jun 2026" (the range's calendar days). */
const rangeText = (r: TEstateAdministratorReport['range']) => (r.from === r.to ? dayLabel(r.from, true) : `${dayLabel(r.from, r.from.slice(0, 4) !== r.to.slice(0, 4))} – ${dayLabel(r.to, true)}`);

/** Reports and analytics: KPI tiles, the four named reports with View and Download, the custom report builder, and the report viewed (chart and table). */
export function Component() {
  const data = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const location = useLocation();
  const resultHeading = useRef<HTMLHeadingElement>(null);
  const viewed = useRef(false);
  const busy = navigation.state === 'loading' && navigation.location.pathname === location.pathname;

  // After View (not on the first visit), take focus to the report so keyboard and screen reader users land on it.
  useEffect(() => {
    if (viewed.current) resultHeading.current?.focus();
  }, [location.search]);

  const view = (query: TParsedReportQuery) => {
    viewed.current = true;
    void navigate({ search: `?${reportSearch(query)}` }, { preventScrollReset: true });
  };

  const { report, query } = data;
  const rangeQuery = query ?? null;

  return (
    <div className="space-y-8">
      <PageHeader
        title="Reports and Analytics"
        description="How the estates in your care are moving: reports, verifications, security events and what beneficiaries download. Figures come from the estates you administer only."
      />

      <Card title="Custom report" description="Choose a report and a date range, then View. Days are counted in the platform’s time zone.">
        <ReportBuilder key={location.search} initial={data.form} initialErrors={data.errors} busy={busy} onView={view} />
      </Card>

      {report ? (
        <section aria-labelledby="kpi-heading" className="space-y-4">
          <h2 id="kpi-heading" className="text-base font-semibold text-stone-900">
            Key figures <span className="font-normal text-stone-600">· {rangeText(report.range)}</span>
          </h2>
          <KpiTiles kpis={report.kpis} />
        </section>
      ) : (
        <Alert tone="error">Check the report’s settings above: {Object.values(data.errors).filter(Boolean).join(' ') || 'they are not valid.'}</Alert>
      )}

      {rangeQuery && (
        <section aria-labelledby="reports-heading" className="space-y-4">
          <h2 id="reports-heading" className="text-base font-semibold text-stone-900">
            Reports <span className="font-normal text-stone-600">· {DATE_RANGE_LABELS[rangeQuery.range]}</span>
          </h2>
          <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
            {REPORT_TYPE_SLUGS.map((slug) => {
              const current = slug === rangeQuery.type;
              const q = { ...rangeQuery, type: slug };
              return (
                <li
                  key={slug}
                  aria-current={current ? 'true' : undefined}
                  className={`flex flex-col gap-3 rounded-xl bg-white p-4 shadow-xs ring-1 ${current ? 'ring-2 ring-accent-solid' : 'ring-stone-200'}`}
                >
                  <div className="flex items-start justify-between gap-2">
                    <h3 className="font-semibold text-stone-900">{REPORT_TYPE_LABELS[slug]}</h3>
                    {current && <span className="rounded-full bg-accent-soft px-2 py-0.5 text-xs font-semibold text-accent-text">Showing</span>}
                  </div>
                  <p className="hidden text-sm text-stone-600 sm:block">{REPORT_TYPE_DESCRIPTIONS[slug]}</p>
                  <div className="mt-auto flex flex-wrap gap-2">
                    <Link
                      to={{ search: `?${reportSearch(q)}` }}
                      preventScrollReset
                      onClick={() => {
                        viewed.current = true;
                      }}
                      className={buttonClasses(current ? 'primary' : 'secondary', 'sm')}
                    >
                      <TableCellsIcon aria-hidden="true" className="size-4" />
                      View<span className="sr-only"> {REPORT_TYPE_LABELS[slug]}</span>
                    </Link>
                    <a href={reportsApi.csvUrl(q)} download className={buttonClasses('ghost', 'sm')}>
                      <ArrowDownTrayIcon aria-hidden="true" className="size-4" />
                      Download<span className="sr-only"> {REPORT_TYPE_LABELS[slug]} as CSV</span>
                    </a>
                  </div>
                </li>
              );
            })}
          </ul>
        </section>
      )}

      {report && query && (
        <section aria-labelledby="report-heading" className="rounded-xl bg-white shadow-xs ring-1 ring-stone-200">
          <div className="flex flex-wrap items-start justify-between gap-3 border-b border-stone-100 px-5 py-4 sm:px-6">
            <div className="min-w-0">
              <h2 id="report-heading" ref={resultHeading} tabIndex={-1} className="text-lg font-semibold text-stone-900 focus:outline-none">
                {report.title}
              </h2>
              <p className="mt-1 text-sm text-stone-600">
                {rangeText(report.range)} ({report.range.timeZone}). {report.description}
              </p>
            </div>
            <a href={reportsApi.csvUrl(query)} download className={buttonClasses('secondary', 'sm')}>
              <ArrowDownTrayIcon aria-hidden="true" className="size-4" />
              Download CSV
            </a>
          </div>
          <div className="space-y-8 px-5 py-5 sm:px-6">
            <SeriesChart series={report.series} />
            {report.truncated && (
              <Alert tone="info">
                Showing the first {report.rowLimit.toLocaleString('en-GB')} rows. The CSV holds up to {REPORT_CSV_ROW_LIMIT.toLocaleString('en-GB')}; choose a shorter range for the rest.
              </Alert>
            )}
            {report.rows.length === 0 ? (
              <EmptyState icon={ChartBarIcon} title="Nothing in this range" description="Nothing of this kind happened on the estates you administer in these days. Try a longer range." />
            ) : (
              <ReportTable caption={`${report.title}, ${rangeText(report.range)}`} columns={report.columns} rows={report.rows} />
            )}
          </div>
        </section>
      )}
    </div>
  );
}
