import { TableHead } from '../../components/ui/table-head.tsx';
import type { TPlatformEstate } from '../../../core/admin-estates.schemas.ts';
import { Button } from '../../components/ui/button.tsx';
import { formatDate } from '../../lib/dates.ts';
import { EstateStatusBadge } from '../../components/ui/estate-status-badge.tsx';
import { DemoBadge, UserStatusBadge } from './badges.tsx';

function Owner({ estate }: { estate: TPlatformEstate }) {
  return (
    <>
      <span className="flex flex-wrap items-center gap-2">
        <span className="font-semibold text-stone-900">{estate.owner.name}</span>
        {estate.owner.isDemo && <DemoBadge />}
        {estate.owner.status !== 'active' && <UserStatusBadge status={estate.owner.status} />}
      </span>
      <span className="block break-all text-stone-600">{estate.owner.email}</span>
    </>
  );
}

const administratorOf = (e: TPlatformEstate) => e.administrator?.name ?? 'None assigned';

/** The wireframe's estates table (owner, status, created, beneficiaries, Manage) on wide screens; cards on narrow ones. */
export function EstateList({ estates, onManage }: { estates: TPlatformEstate[]; onManage: (estate: TPlatformEstate) => void }) {
  const manage = (e: TPlatformEstate) => (
    <Button size="sm" variant="secondary" onClick={() => onManage(e)}>
      Manage<span className="sr-only"> the estate of {e.owner.name}</span>
    </Button>
  );
  return (
    <>
      <div className="hidden lg:block">
        <table className="min-w-full text-left text-sm">
          <TableHead caption="Estates" columns={[{ label: 'Owner' }, { label: 'Status' }, { label: 'Created' }, { label: 'Beneficiaries', className: 'text-right' }, { label: 'Estate Administrator' }, { label: '', className: 'text-right' }]} />
          <tbody className="divide-y divide-stone-100">
            {estates.map((e) => (
              <tr key={e.id} className="align-middle">
                <th scope="row" className="py-3 pr-2 font-normal">
                  <Owner estate={e} />
                </th>
                <td className="px-2 py-3">
                  <EstateStatusBadge status={e.status} />
                </td>
                <td className="px-2 py-3 whitespace-nowrap text-stone-700">{formatDate(e.createdAt)}</td>
                <td className="px-2 py-3 text-right text-stone-700 tabular-nums">{e.beneficiaries}</td>
                <td className="px-2 py-3 text-stone-700">{administratorOf(e)}</td>
                <td className="py-3 pl-2 text-right">{manage(e)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul className="grid gap-4 sm:grid-cols-2 lg:hidden" aria-label="Estates">
        {estates.map((e) => (
          <li key={e.id} className="flex min-w-0 flex-col gap-3 rounded-xl p-4 ring-1 ring-stone-200">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <h3 className="min-w-0 text-sm">
                <Owner estate={e} />
              </h3>
              <EstateStatusBadge status={e.status} />
            </div>
            <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
              <div>
                <dt className="text-stone-500">Created</dt>
                <dd className="text-stone-900">{formatDate(e.createdAt)}</dd>
              </div>
              <div>
                <dt className="text-stone-500">Beneficiaries</dt>
                <dd className="text-stone-900 tabular-nums">{e.beneficiaries}</dd>
              </div>
              <div className="col-span-2">
                <dt className="text-stone-500">Estate Administrator</dt>
                <dd className="text-stone-900">{administratorOf(e)}</dd>
              </div>
            </dl>
            <div className="mt-auto">{manage(e)}</div>
          </li>
        ))}
      </ul>
    </>
  );
}
