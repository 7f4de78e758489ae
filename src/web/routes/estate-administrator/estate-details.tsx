import { ArrowLeftIcon, UsersIcon } from '@heroicons/react/24/outline';
import { Link, useLoaderData, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import { initialsOf } from '../../../core/names.ts';
import type { TAdministeredEstateDetail } from '../../../core/lifecycle.schemas.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Avatar } from '../../components/ui/avatar.tsx';
import { Button } from '../../components/ui/button.tsx';
import { NotFoundPage } from '../../components/ui/not-found-page.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { orNotFound } from '../../lib/api.ts';
import { formatDate } from '../../lib/dates.ts';
import { estateAdministratorApi } from '../../features/estate-administrator/api.ts';
import { EstateStatusBadge } from '../../components/ui/estate-status-badge.tsx';
import { BeneficiariesCard, DigitalLegacyCard, EstateInformationCard, focusBeneficiaries, ReportDocumentsCard } from '../../features/estate-administrator/estate-detail-cards.tsx';
import { ActivationOpens, ESTATES_PATH } from '../../features/estate-administrator/estate-list.tsx';
import { TransitionDialog, useEstateTransition } from '../../features/estate-administrator/transition.tsx';
import { UpdateStatusMenu } from '../../features/estate-administrator/update-status-menu.tsx';
import { PlaybookCard } from '../../features/playbook/playbook-card.tsx';
import { DeadlinesCard } from '../../features/deadlines/deadlines-card.tsx';
import { InventoryCard } from '../../features/inventory/inventory-card.tsx';
import { MemorialCard } from '../../features/memorial/memorial-card.tsx';
import { ProposeReversalCard } from '../../features/activation-review/propose-reversal-card.tsx';
// A route may compose features: the support team reports a passing from here, as a beneficiary would.
import { ReportPassingButton } from '../../features/estate-report/report-passing.tsx';
import { SafeguardsCountdown } from '../../components/ui/safeguards-countdown.tsx';

export async function loader({ params }: LoaderFunctionArgs): Promise<{ estate: TAdministeredEstateDetail } | { notFound: true }> {
  // Not in your care, not existing and malformed ids all read the same: not found, inside the area.
  return orNotFound(async () => ({ estate: await estateAdministratorApi.estate(params.id ?? '') }));
}

function NotFound() {
  return (
    <NotFoundPage
      title="Estate not found"
      description="404 — no estate in your care is at this address."
      why="The link may be mistyped, or you are not this estate's administrator."
      back={{ to: ESTATES_PATH, label: 'All estates' }}
    />
  );
}

/**
 * Estate detail: the owner, Update Status, Manage Access (to the beneficiaries and their View Access),
 * Report a passing while the estate is in planning, estate information, digital legacy status,
 * documents and beneficiaries.
 */
export function Component() {
  const loaded = useLoaderData<typeof loader>();
  return 'notFound' in loaded ? <NotFound /> : <EstateDetail estate={loaded.estate} />;
}

function EstateDetail({ estate }: { estate: TAdministeredEstateDetail }) {
  const transition = useEstateTransition();
  const revalidator = useRevalidator();
  const { owner } = estate;

  return (
    <div className="space-y-8">
      <Link to={ESTATES_PATH} className="inline-flex items-center gap-1.5 text-sm font-semibold text-accent-text hover:underline">
        <ArrowLeftIcon aria-hidden="true" className="size-4" />
        All estates
      </Link>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <Avatar initials={initialsOf(owner.name)} size="lg" />
        <div className="min-w-0 flex-1">
          <PageHeader
            title={owner.name}
            description={
              <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <EstateStatusBadge status={estate.status} />
                <span>{owner.dateOfBirth ? `Born ${formatDate(owner.dateOfBirth)}` : 'Date of birth not given'}</span>
                {owner.dateOfDeath && <span>Died {formatDate(owner.dateOfDeath)}</span>}
              </span>
            }
            actions={
              <>
                {estate.status === 'planning' && (
                  <ReportPassingButton
                    target={{ estateId: estate.id, ownerName: owner.name, relationship: 'Estate Administrator' }}
                    status={estate.status}
                    hasOpenReport={estate.report?.status === 'open'}
                    onChanged={() => void revalidator.revalidate()}
                  />
                )}
                <Button variant="secondary" onClick={focusBeneficiaries}>
                  <UsersIcon aria-hidden="true" className="size-4" />
                  Manage Access
                </Button>
                <UpdateStatusMenu status={estate.status} allowedEvents={estate.allowedEvents} onChoose={(event) => transition.ask(estate, event)} />
              </>
            }
          />
        </div>
      </div>
      <div aria-live="polite">{transition.notice && <Alert tone={transition.notice.tone}>{transition.notice.text}</Alert>}</div>
      <SafeguardsCountdown safeguards={estate.report?.safeguards} />
      {estate.activationOpens && <ActivationOpens opens={estate.activationOpens} />}
      <ProposeReversalCard estateId={estate.id} />
      <div className="grid grid-cols-1 items-start gap-8 lg:grid-cols-2">
        <EstateInformationCard estate={estate} />
        <DigitalLegacyCard legacy={estate.legacy} />
        <ReportDocumentsCard estate={estate} />
        <BeneficiariesCard estateId={estate.id} ownerName={owner.name} total={estate.beneficiaries} first={estate.beneficiaryList} />
      </div>
      {estate.status === 'active' && <PlaybookCard estateId={estate.id} />}
      {estate.status === 'active' && <DeadlinesCard estateId={estate.id} />}
      {estate.status === 'active' && <MemorialCard estateId={estate.id} />}
      {estate.status === 'active' && <InventoryCard estateId={estate.id} />}
      <TransitionDialog {...transition.dialog} />
    </div>
  );
}
