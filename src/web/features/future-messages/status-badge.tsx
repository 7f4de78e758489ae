import type { TFutureMessage } from '../../../core/future-messages.schemas.ts';

const STYLES: Record<TFutureMessage['status'], { label: string; classes: string }> = {
  draft: { label: 'Draft', classes: 'bg-stone-100 text-stone-700 ring-stone-300' },
  scheduled: { label: 'Scheduled', classes: 'bg-sky-50 text-sky-800 ring-sky-200' },
  delivered: { label: 'Delivered', classes: 'bg-green-50 text-green-800 ring-green-200' },
};

export function StatusBadge({ status }: { status: TFutureMessage['status'] }) {
  const { label, classes } = STYLES[status];
  return <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${classes}`}>{label}</span>;
}
