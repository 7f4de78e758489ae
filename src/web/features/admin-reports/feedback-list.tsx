import { ChatBubbleLeftRightIcon } from '@heroicons/react/24/outline';
import { FEEDBACK_CATEGORY_LABELS, type FeedbackCategory, type TFeedbackItem } from '../../../core/feedback.schemas.ts';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { formatDateTime } from '../../lib/dates.ts';

const TONE: Record<FeedbackCategory, string> = {
  bug: 'bg-rose-50 text-rose-800 ring-rose-200',
  feature: 'bg-sky-50 text-sky-900 ring-sky-200',
  other: 'bg-stone-100 text-stone-700 ring-stone-300',
};

/** The newest feedback: who sent it, the category, the page they were on, when, and the message. */
export function FeedbackList({ items }: { items: TFeedbackItem[] }) {
  if (items.length === 0) {
    return <EmptyState icon={ChatBubbleLeftRightIcon} title="No feedback yet" description="What users send from “Send feedback” in their menu appears here." />;
  }
  return (
    <ul aria-label="Feedback, newest first" className="divide-y divide-stone-100">
      {items.map((f) => (
        <li key={f.id} className="py-4 first:pt-0 last:pb-0">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
            <span className="font-semibold text-stone-900">{f.name ?? 'A deleted account'}</span>
            <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${TONE[f.category]}`}>{FEEDBACK_CATEGORY_LABELS[f.category]}</span>
            <time dateTime={f.createdAt} className="text-stone-600">
              {formatDateTime(f.createdAt)}
            </time>
          </div>
          {f.page && (
            <p className="mt-1 text-xs text-stone-600">
              On <code className="break-all">{f.page}</code>
            </p>
          )}
          <p className="mt-2 text-sm wrap-break-word whitespace-pre-line text-stone-800">{f.message}</p>
        </li>
      ))}
    </ul>
  );
}
