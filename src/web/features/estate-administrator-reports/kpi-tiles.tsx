import { ArrowDownTrayIcon, BoltIcon, BuildingLibraryIcon, ClockIcon, DocumentCheckIcon, InboxArrowDownIcon } from '@heroicons/react/24/outline';
import { REPORT_KPI_LABELS, type ReportKpiKey, type TReportKpis } from '../../../core/estate-administrator-reports.schemas.ts';
import type { IconComponent } from '../../components/ui/icons.ts';

const TILES: { key: ReportKpiKey; icon: IconComponent; tone: string; hint: string }[] = [
  { key: 'estatesAdministered', icon: BuildingLibraryIcon, tone: 'bg-accent-soft text-accent-icon', hint: 'now' },
  { key: 'reportsReceived', icon: InboxArrowDownIcon, tone: 'bg-amber-50 text-amber-700', hint: 'in this range' },
  { key: 'verificationsCompleted', icon: DocumentCheckIcon, tone: 'bg-green-50 text-green-700', hint: 'documents reviewed' },
  { key: 'averageHoursToVerify', icon: ClockIcon, tone: 'bg-sky-50 text-sky-700', hint: 'submission to review' },
  { key: 'activations', icon: BoltIcon, tone: 'bg-violet-50 text-violet-700', hint: 'estates activated' },
  { key: 'beneficiaryDownloadsAfterActivation', icon: ArrowDownTrayIcon, tone: 'bg-rose-50 text-rose-700', hint: 'by beneficiaries' },
];

function value(key: ReportKpiKey, kpis: TReportKpis) {
  const v = kpis[key];
  if (v === null) {
    return (
      <>
        <span aria-hidden="true">—</span>
        <span className="sr-only">None reviewed</span>
      </>
    );
  }
  if (key === 'averageHoursToVerify') {
    return (
      <>
        {v.toLocaleString('en-GB', { maximumFractionDigits: 1 })}
        <span className="ml-1 text-base font-medium text-stone-600">{v === 1 ? 'hour' : 'hours'}</span>
      </>
    );
  }
  return v.toLocaleString('en-GB');
}

/** The six KPI tiles of the range viewed: two to a row on a phone, three on a tablet, six on a wide screen. */
export function KpiTiles({ kpis }: { kpis: TReportKpis }) {
  return (
    <ul aria-label="Key figures" className="grid grid-cols-2 gap-4 sm:grid-cols-3 2xl:grid-cols-6">
      {TILES.map(({ key, icon: Icon, tone, hint }) => (
        <li key={key} className="flex items-start gap-3 rounded-xl bg-white p-4 shadow-xs ring-1 ring-stone-200">
          <span aria-hidden="true" className={`hidden size-10 shrink-0 items-center justify-center rounded-lg sm:flex ${tone}`}>
            <Icon className="size-5" />
          </span>
          <div className="min-w-0">
            <p className="text-sm font-medium text-stone-600">{REPORT_KPI_LABELS[key]}</p>
            <p className="text-2xl font-semibold text-stone-900 tabular-nums">{value(key, kpis)}</p>
            <p className="text-xs text-stone-500">{hint}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
