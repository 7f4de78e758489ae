import { Link } from 'react-router';
import type { TAdministeredEstate } from '../../../core/lifecycle.schemas.ts';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { ProgressBar } from '../../components/ui/progress-bar.tsx';
import { EstateStatusBadge } from '../../components/ui/estate-status-badge.tsx';
import { DateOrDash } from './format.tsx';

export const ESTATES_PATH = '/estate-administrator/estates';
export const verificationsFor = (estateId: string) => `/estate-administrator/verifications?estateId=${encodeURIComponent(estateId)}`;

interface EstateListProps {
  estates: TAdministeredEstate[];
  onActivate: (estate: TAdministeredEstate) => void;
}

/** Verify (while documents wait), Activate (when the server allows it; while the veto window runs, when it can be) and View Details. */
function Actions({ estate, onActivate, size }: { estate: TAdministeredEstate; onActivate: (e: TAdministeredEstate) => void; size: 'sm' | 'md' }) {
  const name = <span className="sr-only"> {estate.name}</span>;
  return (
    <>
      {estate.status === 'verification_pending' && (
        <Link to={verificationsFor(estate.id)} className={buttonClasses('secondary', size)}>
          Verify{name}
        </Link>
      )}
      {estate.allowedEvents.includes('activated') && (
        <Button size={size} onClick={() => onActivate(estate)}>
          Activate{name}
        </Button>
      )}
      {estate.activationOpens && <ActivationOpens opens={estate.activationOpens} />}
      <Link to={`${ESTATES_PATH}/${estate.id}`} className={buttonClasses('ghost', size)}>
        View Details{name}
      </Link>
    </>
  );
}

/** "Can be activated on 4 December 2026 at 10:00 UTC (7 days left)", in place of an Activate that would be refused. */
export function ActivationOpens({ opens }: { opens: NonNullable<TAdministeredEstate['activationOpens']> }) {
  return (
    <p className="text-sm whitespace-normal text-stone-700">
      <time dateTime={opens.at}>{opens.words}</time>
    </p>
  );
}

/** The estates as a table on wide screens and as cards on narrow ones. */
export function EstateList({ estates, onActivate }: EstateListProps) {
  return (
    <>
      <div className="hidden overflow-x-auto xl:block">
        <table className="min-w-full text-left text-sm">
          <caption className="sr-only">Estates</caption>
          <thead className="border-b border-stone-200 text-stone-600">
            <tr>
              <th scope="col" className="py-2 pr-2 font-medium">
                Estate
              </th>
              <th scope="col" className="px-2 py-2 font-medium">
                Status
              </th>
              <th scope="col" className="px-2 py-2 font-medium">
                Submitted
              </th>
              <th scope="col" className="px-2 py-2 font-medium">
                Activation
              </th>
              <th scope="col" className="px-2 py-2 text-right font-medium">
                Beneficiaries
              </th>
              <th scope="col" className="px-2 py-2 text-right font-medium">
                Documents
              </th>
              <th scope="col" className="w-28 px-2 py-2 font-medium">
                Verification
              </th>
              <th scope="col" className="py-2 pl-2 text-right font-medium">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {estates.map((e) => (
              <tr key={e.id} className="align-middle">
                <th scope="row" className="py-4 pr-2 font-semibold whitespace-nowrap text-stone-900">
                  {e.name}
                </th>
                <td className="px-2 py-4">
                  <EstateStatusBadge status={e.status} />
                </td>
                <td className="px-2 py-4 whitespace-nowrap text-stone-700">
                  <DateOrDash value={e.submittedDate} none="Not submitted" short />
                </td>
                <td className="px-2 py-4 whitespace-nowrap text-stone-700">
                  <DateOrDash value={e.activationDate} none="Not activated" short />
                </td>
                <td className="px-2 py-4 text-right text-stone-700 tabular-nums">{e.beneficiaries}</td>
                <td className="px-2 py-4 text-right text-stone-700 tabular-nums">{e.documents}</td>
                <td className="px-2 py-4">
                  <ProgressBar value={e.verificationProgress} label={`Verification progress of ${e.name}`} hideLabel />
                </td>
                <td className="py-4 pl-2">
                  <div className="flex flex-col items-end gap-1.5 whitespace-nowrap 2xl:flex-row 2xl:justify-end">
                    <Actions estate={e} onActivate={onActivate} size="sm" />
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul className="grid gap-4 sm:grid-cols-2 xl:hidden" aria-label="Estates">
        {estates.map((e) => (
          <li key={e.id} className="flex flex-col gap-4 rounded-xl p-4 ring-1 ring-stone-200">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <h3 className="font-semibold text-stone-900">{e.name}</h3>
              <EstateStatusBadge status={e.status} />
            </div>
            <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
              <div>
                <dt className="text-stone-500">Submitted</dt>
                <dd className="text-stone-900">
                  <DateOrDash value={e.submittedDate} none="Not submitted" />
                </dd>
              </div>
              <div>
                <dt className="text-stone-500">Activation</dt>
                <dd className="text-stone-900">
                  <DateOrDash value={e.activationDate} none="Not activated" />
                </dd>
              </div>
              <div>
                <dt className="text-stone-500">Beneficiaries</dt>
                <dd className="text-stone-900 tabular-nums">{e.beneficiaries}</dd>
              </div>
              <div>
                <dt className="text-stone-500">Documents</dt>
                <dd className="text-stone-900 tabular-nums">{e.documents}</dd>
              </div>
            </dl>
            <ProgressBar value={e.verificationProgress} label="Verification" />
            <div className="mt-auto flex flex-wrap gap-2">
              <Actions estate={e} onActivate={onActivate} size="sm" />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
