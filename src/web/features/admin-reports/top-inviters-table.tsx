import { UserGroupIcon } from '@heroicons/react/24/outline';
import type { TTopInviter } from '../../../core/admin-reports.schemas.ts';
import { EmptyState } from '../../components/ui/empty-state.tsx';

/** Users ranked by the invitations they sent in the range, with how many were accepted. */
export function TopInvitersTable({ inviters, caption }: { inviters: TTopInviter[]; caption: string }) {
  if (inviters.length === 0) {
    return <EmptyState icon={UserGroupIcon} title="No invitations in this range" description="Invitations sent by owners, planners and admins are counted here." />;
  }
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead className="border-b border-stone-200 text-stone-600">
        <tr>
          <th scope="col" className="w-10 py-2 pr-2 font-medium">
            <span aria-hidden="true">#</span>
            <span className="sr-only">Rank</span>
          </th>
          <th scope="col" className="px-2 py-2 font-medium">
            Name
          </th>
          <th scope="col" className="px-2 py-2 text-right font-medium">
            Sent
          </th>
          <th scope="col" className="py-2 pl-2 text-right font-medium">
            Accepted
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-stone-100">
        {inviters.map((t, i) => (
          <tr key={t.userId}>
            <td className="py-3 pr-2 text-stone-600 tabular-nums">{i + 1}</td>
            <th scope="row" className="px-2 py-3 font-semibold wrap-break-word text-stone-900">
              {t.name}
            </th>
            <td className="px-2 py-3 text-right tabular-nums">{t.sent.toLocaleString('en-GB')}</td>
            <td className="py-3 pl-2 text-right tabular-nums">
              {t.accepted.toLocaleString('en-GB')}
              <span className="ml-1 text-xs text-stone-500">({Math.round((t.accepted / t.sent) * 100)}%)</span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
