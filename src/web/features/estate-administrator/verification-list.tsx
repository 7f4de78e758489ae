import type { TVerificationItem } from '../../../core/lifecycle.schemas.ts';
import { Button } from '../../components/ui/button.tsx';
import { VerificationPriorityBadge, VerificationStatusBadge } from './badges.tsx';
import { DateOrDash } from './format.tsx';
import { ReviewNote } from './review-note.tsx';

export interface VerificationActions {
  /** the item whose document address is being fetched for View */
  viewingId: string | null;
  onView: (item: TVerificationItem) => void;
  onApprove: (item: TVerificationItem) => void;
  onReject: (item: TVerificationItem) => void;
}

/** View for every item; Approve and Reject only while it is pending and theirs to review (else why not, ADR 0076). */
function Actions({ item, viewingId, onView, onApprove, onReject }: VerificationActions & { item: TVerificationItem }) {
  const what = <span className="sr-only"> {`${item.documentLabel}, ${item.estateName}`}</span>;
  return (
    <>
      <Button size="sm" variant="secondary" loading={viewingId === item.id} onClick={() => onView(item)}>
        View{what}
      </Button>
      {item.status === 'pending' && item.cannotReview && <p className="max-w-xs text-sm whitespace-normal text-stone-600">{item.cannotReview}</p>}
      {item.status === 'pending' && !item.cannotReview && (
        <>
          <Button size="sm" onClick={() => onApprove(item)}>
            Approve{what}
          </Button>
          <Button size="sm" variant="danger" onClick={() => onReject(item)}>
            Reject{what}
          </Button>
        </>
      )}
    </>
  );
}

/** The verification items as a table on wide screens and as cards on narrow ones. */
export function VerificationList({ items, ...actions }: VerificationActions & { items: TVerificationItem[] }) {
  return (
    <>
      <div className="hidden overflow-x-auto xl:block">
        <table className="min-w-full text-left text-sm">
          <caption className="sr-only">Documents to verify</caption>
          <thead className="border-b border-stone-200 text-stone-600">
            <tr>
              <th scope="col" className="py-2 pr-2 font-medium">
                Document
              </th>
              <th scope="col" className="px-2 py-2 font-medium">
                Submitted by
              </th>
              <th scope="col" className="px-2 py-2 font-medium">
                Submitted
              </th>
              <th scope="col" className="px-2 py-2 font-medium">
                Verified
              </th>
              <th scope="col" className="px-2 py-2 font-medium">
                Status
              </th>
              <th scope="col" className="px-2 py-2 font-medium">
                Priority
              </th>
              <th scope="col" className="py-2 pl-2 text-right font-medium">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {items.map((item) => (
              <tr key={item.id} className="align-top">
                <th scope="row" className="py-4 pr-2 font-normal">
                  <span className="block font-semibold text-stone-900">{item.documentLabel}</span>
                  <span className="block text-stone-600">{item.estateName}</span>
                  <ReviewNote item={item} />
                </th>
                <td className="px-2 py-4">
                  <span className="block text-stone-900">{item.submittedBy}</span>
                  <span className="block text-stone-600">{item.relationship}</span>
                </td>
                <td className="px-2 py-4 whitespace-nowrap text-stone-700">
                  <DateOrDash value={item.submittedDate} short />
                </td>
                <td className="px-2 py-4 whitespace-nowrap text-stone-700">
                  <DateOrDash value={item.verifiedDate} none="Not yet" short />
                </td>
                <td className="px-2 py-4">
                  <VerificationStatusBadge status={item.status} />
                </td>
                <td className="px-2 py-4">
                  <VerificationPriorityBadge priority={item.priority} />
                </td>
                <td className="py-4 pl-2">
                  <div className="flex justify-end gap-2 whitespace-nowrap">
                    <Actions item={item} {...actions} />
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul className="grid gap-4 sm:grid-cols-2 xl:hidden" aria-label="Documents to verify">
        {items.map((item) => (
          <li key={item.id} className="flex flex-col gap-3 rounded-xl p-4 ring-1 ring-stone-200">
            <div>
              <div className="flex flex-wrap items-start justify-between gap-2">
                <h3 className="font-semibold text-stone-900">{item.documentLabel}</h3>
                <div className="flex flex-wrap gap-1.5">
                  <VerificationStatusBadge status={item.status} />
                  <VerificationPriorityBadge priority={item.priority} />
                </div>
              </div>
              <p className="text-sm text-stone-600">{item.estateName}</p>
              <ReviewNote item={item} />
            </div>
            <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
              <div className="col-span-2">
                <dt className="text-stone-500">Submitted by</dt>
                <dd className="text-stone-900">
                  {item.submittedBy} · {item.relationship}
                </dd>
              </div>
              <div>
                <dt className="text-stone-500">Submitted</dt>
                <dd className="text-stone-900">
                  <DateOrDash value={item.submittedDate} />
                </dd>
              </div>
              <div>
                <dt className="text-stone-500">Verified</dt>
                <dd className="text-stone-900">
                  <DateOrDash value={item.verifiedDate} none="Not yet" />
                </dd>
              </div>
            </dl>
            <div className="mt-auto flex flex-wrap gap-2">
              <Actions item={item} {...actions} />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
