import { useRef, useState, type ReactNode } from 'react';
import { ChatBubbleLeftRightIcon, DocumentTextIcon, EnvelopeIcon, EyeIcon, PhotoIcon, UsersIcon } from '@heroicons/react/24/outline';
import { Link } from 'react-router';
import { ACTIVATION_CONDITIONS, RELEASE_SCHEDULES, REPORT_EVENTS } from '../../../core/constants.ts';
import type { TAdministeredEstateDetail } from '../../../core/lifecycle.schemas.ts';
import { initialsOf } from '../../../core/names.ts';
import { Avatar } from '../../components/ui/avatar.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { LoadMoreFooter } from '../../components/ui/load-more-footer.tsx';
import { ProgressBar } from '../../components/ui/progress-bar.tsx';
import { formatDate } from '../../lib/dates.ts';
import { useLoadMore } from '../../lib/use-load-more.ts';
import { estateAdministratorApi } from './api.ts';
import { AccessDialog, type AccessBeneficiary } from './access-dialog.tsx';
import { VerificationStatusBadge } from './badges.tsx';
import { verificationsFor } from './estate-list.tsx';
import { DateOrDash } from './format.tsx';
import { ReviewNote } from './review-note.tsx';

/** A stored key ('upon_death') in words, or the text itself when it is already words. */
const inWords = <T extends Record<string, string>>(labels: T, value: string) => (value in labels ? labels[value as keyof T] : value);

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="py-3 first:pt-0 last:pb-0 sm:grid sm:grid-cols-5 sm:gap-4">
      <dt className="text-sm font-medium text-stone-600 sm:col-span-2">{term}</dt>
      <dd className="mt-1 text-sm text-stone-900 sm:col-span-3 sm:mt-0">{children}</dd>
    </div>
  );
}

export function EstateInformationCard({ estate }: { estate: TAdministeredEstateDetail }) {
  return (
    <Card title="Estate Information">
      <dl className="divide-y divide-stone-100">
        <Row term="Activation condition">{inWords(ACTIVATION_CONDITIONS, estate.activationCondition)}</Row>
        <Row term="Release schedule">{inWords(RELEASE_SCHEDULES, estate.releaseSchedule)}</Row>
        <Row term="Created">
          <DateOrDash value={estate.createdAt} />
        </Row>
        <Row term="Submitted for verification">
          <DateOrDash value={estate.submittedDate} none="Not submitted" />
        </Row>
        <Row term="Activated">
          <DateOrDash value={estate.activatedAt} none="Not activated" />
        </Row>
        <Row term="Owner’s email">
          <a href={`mailto:${estate.owner.email}`} className="break-all text-accent-text underline-offset-2 hover:underline">
            {estate.owner.email}
          </a>
        </Row>
      </dl>
    </Card>
  );
}

const LEGACY = [
  { key: 'memories', label: 'Memories', icon: PhotoIcon },
  { key: 'documents', label: 'Documents', icon: DocumentTextIcon },
  { key: 'messages', label: 'Messages', icon: ChatBubbleLeftRightIcon },
] as const;

export function DigitalLegacyCard({ legacy }: { legacy: TAdministeredEstateDetail['legacy'] }) {
  return (
    <Card title="Digital Legacy Status" description="What the owner has prepared (counts only: you do not see the contents).">
      <ul className="grid grid-cols-3 gap-3">
        {LEGACY.map(({ key, label, icon: Icon }) => (
          <li key={key} className="rounded-lg bg-stone-50 px-3 py-3 text-center ring-1 ring-stone-100">
            <p className="flex items-center justify-center gap-1 text-xs font-medium text-stone-600">
              <Icon aria-hidden="true" className="size-4 text-stone-400" />
              {label}
            </p>
            <p className="mt-1 text-2xl font-semibold text-stone-900 tabular-nums">{legacy[key]}</p>
          </li>
        ))}
      </ul>
      <div className="mt-5">
        <ProgressBar value={legacy.completion} label="Legacy completion" />
      </div>
    </Card>
  );
}

/** The open report's proof documents with their review state. */
export function ReportDocumentsCard({ estate }: { estate: TAdministeredEstateDetail }) {
  const report = estate.report;
  return (
    <Card
      title="Documents"
      description={
        report ? (
          <>
            {REPORT_EVENTS[report.event]} reported by {report.reporterName} ({report.relationship}) on {formatDate(report.createdAt)}
            {report.eventDate && <>; date given: {formatDate(report.eventDate)}</>}.
          </>
        ) : undefined
      }
      actions={
        report && estate.status === 'verification_pending' ? (
          <Link to={verificationsFor(estate.id)} className={buttonClasses('secondary', 'sm')}>
            Verify documents
          </Link>
        ) : undefined
      }
    >
      {!report || report.items.length === 0 ? (
        <EmptyState icon={DocumentTextIcon} title="No report open" description="When a death or incapacity is reported, the proof documents appear here for review." />
      ) : (
        <ul className="divide-y divide-stone-100">
          {report.items.map((item) => (
            <li key={item.id} className="flex flex-wrap items-start justify-between gap-3 py-3 first:pt-0 last:pb-0">
              <div className="min-w-0">
                <p className="font-medium text-stone-900">{item.documentLabel}</p>
                <p className="text-sm break-all text-stone-600">{item.fileName}</p>
                <ReviewNote item={item} />
              </div>
              <VerificationStatusBadge status={item.status} />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** The Beneficiaries heading's id: Manage Access moves focus here. */
export const BENEFICIARIES_HEADING_ID = 'beneficiaries-heading';

/** Moves focus to the Beneficiaries card's heading and scrolls the card into view (Manage Access). */
export function focusBeneficiaries() {
  const heading = document.getElementById(BENEFICIARIES_HEADING_ID);
  if (!heading) return;
  const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  heading.closest('section')?.scrollIntoView({ block: 'start', behavior: reduce ? 'auto' : 'smooth' });
  heading.focus({ preventScroll: true });
}

/**
 * The owner's beneficiaries, each with View Access (read-only). Laid out like `Card`, with its own
 * heading so that Manage Access can focus it (id, tabIndex -1).
 */
export function BeneficiariesCard({
  estateId,
  ownerName,
  total,
  first,
}: {
  estateId: string;
  ownerName: string;
  /** how many the owner named (the server's count) */
  total: number;
  /** the first page, from the estate detail */
  first: TAdministeredEstateDetail['beneficiaryList'];
}) {
  const [viewing, setViewing] = useState<AccessBeneficiary | null>(null);
  const list = useLoadMore(first, estateId, (cursor) => estateAdministratorApi.beneficiaries(estateId, cursor));
  const beneficiaries = list.items;
  const listRef = useRef<HTMLUListElement>(null);
  return (
    <section aria-labelledby={BENEFICIARIES_HEADING_ID} className="scroll-mt-24 rounded-xl bg-white shadow-xs ring-1 ring-stone-200">
      <div className="border-b border-stone-100 px-5 py-4 sm:px-6">
        <h2 id={BENEFICIARIES_HEADING_ID} tabIndex={-1} className="rounded text-base font-semibold text-stone-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-solid">
          Beneficiaries
        </h2>
        <p className="mt-1 text-sm text-stone-600">
          {total} named by the owner{total > 0 && '. View Access shows what each can see; only the owner can change it.'}
        </p>
      </div>
      <div className="px-5 py-5 sm:px-6">
        {beneficiaries.length === 0 ? (
          <EmptyState icon={UsersIcon} title="No beneficiaries" description="The owner has not named anyone yet." />
        ) : (
          <ul ref={listRef} className="divide-y divide-stone-100">
            {beneficiaries.map((b) => (
              <li key={b.id} className="flex items-center gap-3 py-3 first:pt-0 last:pb-0">
                <Avatar initials={initialsOf(b.name)} />
                {/* On a narrow card, View Access goes under the details (aligned with them) rather than squeezing them. */}
                <div className="flex min-w-0 flex-1 flex-wrap items-center justify-between gap-x-3 gap-y-2">
                  <div className="min-w-48 flex-1">
                    <p className="font-medium text-stone-900">{b.name}</p>
                    <p className="text-sm text-stone-600">
                      {b.relationship} · {b.linked ? 'Has an account' : 'Invitation not accepted yet'}
                    </p>
                    <p className="flex items-center gap-1.5 text-sm">
                      <EnvelopeIcon aria-hidden="true" className="size-4 shrink-0 text-stone-400" />
                      <a href={`mailto:${b.email}`} className="truncate text-accent-text underline-offset-2 hover:underline">
                        {b.email}
                      </a>
                    </p>
                  </div>
                  <Button variant="secondary" size="sm" onClick={() => setViewing(b)}>
                    <EyeIcon aria-hidden="true" className="size-4" />
                    View Access<span className="sr-only"> {b.name}</span>
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
        <div className="mt-4 empty:hidden">
          <LoadMoreFooter list={list} listRef={listRef} />
        </div>
      </div>
      <AccessDialog estateId={estateId} ownerName={ownerName} beneficiary={viewing} onClose={() => setViewing(null)} />
    </section>
  );
}
