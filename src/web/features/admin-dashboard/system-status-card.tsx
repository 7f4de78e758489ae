import { CircleStackIcon, CloudIcon, EnvelopeIcon, QueueListIcon } from '@heroicons/react/24/outline';
import type { TSystemHealth, TSystemStatus } from '../../../core/admin-dashboard.schemas.ts';
import { SYSTEM_HEALTH_LABELS } from '../../../core/constants.ts';
import { Card } from '../../components/ui/card.tsx';
import type { IconComponent } from '../../components/ui/icons.ts';
import { timeAgo } from '../../lib/dates.ts';
import { formatBytes } from './format.ts';

const TONE: Record<TSystemHealth, string> = {
  operational: 'bg-green-50 text-green-800 ring-green-200',
  degraded: 'bg-amber-50 text-amber-900 ring-amber-200',
  down: 'bg-red-50 text-red-800 ring-red-200',
};

function Row({ icon: Icon, name, status, detail }: { icon: IconComponent; name: string; status: TSystemHealth; detail: string }) {
  return (
    <li className="flex items-start gap-3 py-3 first:pt-0 last:pb-0">
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-stone-400" />
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium text-stone-900">{name}</p>
        <p className="text-sm text-stone-600">{detail}</p>
      </div>
      <span className={`inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${TONE[status]}`}>
        {SYSTEM_HEALTH_LABELS[status]}
      </span>
    </li>
  );
}

/** System status read from the real parts (ADR 0028 gives the rules of the words). */
export function SystemStatusCard({ status }: { status: TSystemStatus }) {
  const { database, storage, jobs, mail } = status;
  return (
    <Card title="System Status" description="Read from the running system when this page loaded.">
      <ul className="divide-y divide-stone-100">
        <Row
          icon={CircleStackIcon}
          name="Database"
          status={database.status}
          detail={database.sizeBytes === null ? 'Not answering' : `Reachable · ${formatBytes(database.sizeBytes)}`}
        />
        <Row
          icon={CloudIcon}
          name="File storage"
          status={storage.status}
          detail={`${formatBytes(storage.usedBytes)} in ${storage.files.toLocaleString('en-GB')} ${storage.files === 1 ? 'file' : 'files'}${storage.status === 'down' ? ' · store not answering' : ''}`}
        />
        <Row
          icon={QueueListIcon}
          name="Job queue"
          status={jobs.status}
          detail={`${jobs.queued} waiting · ${jobs.active} running · ${jobs.retrying} retrying · ${jobs.failed} failed`}
        />
        <Row
          icon={EnvelopeIcon}
          name="Mail"
          status={mail.status}
          detail={`${mail.lastSentAt ? `Last sent ${timeAgo(mail.lastSentAt)}` : 'Nothing sent yet'} · ${mail.waiting} waiting · ${mail.failing} failing`}
        />
      </ul>
    </Card>
  );
}
