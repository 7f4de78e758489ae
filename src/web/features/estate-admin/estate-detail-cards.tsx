import type { ReactNode } from 'react';
import { ChatBubbleLeftRightIcon, DocumentTextIcon, EnvelopeIcon, PhotoIcon, UsersIcon } from '@heroicons/react/24/outline';
import { Link } from 'react-router';
import { ACTIVATION_CONDITIONS, RELEASE_SCHEDULES } from '../../../core/constants.ts';
import { REPORT_EVENTS, type TAdminEstateDetail } from '../../../core/lifecycle.schemas.ts';
import { initialsOf } from '../../../core/auth.schemas.ts';
import { Avatar } from '../../components/ui/avatar.tsx';
import { buttonClasses } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { ProgressBar } from '../../components/ui/progress-bar.tsx';
import { formatDate } from '../../lib/dates.ts';
import { VerificationStatusBadge } from './badges.tsx';
import { verificationsFor } from './estate-list.tsx';
import { DateOrDash } from './format.tsx';

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

export function EstateInformationCard({ estate }: { estate: TAdminEstateDetail }) {
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

export function DigitalLegacyCard({ legacy }: { legacy: TAdminEstateDetail['legacy'] }) {
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
export function ReportDocumentsCard({ estate }: { estate: TAdminEstateDetail }) {
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
                {item.status === 'rejected' && item.rejectionReason && <p className="mt-1 text-sm text-stone-600">Reason: {item.rejectionReason}</p>}
              </div>
              <VerificationStatusBadge status={item.status} />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

export function BeneficiariesCard({ beneficiaries }: { beneficiaries: TAdminEstateDetail['beneficiaryList'] }) {
  return (
    <Card title="Beneficiaries" description={`${beneficiaries.length} named by the owner`}>
      {beneficiaries.length === 0 ? (
        <EmptyState icon={UsersIcon} title="No beneficiaries" description="The owner has not named anyone yet." />
      ) : (
        <ul className="divide-y divide-stone-100">
          {beneficiaries.map((b) => (
            <li key={b.id} className="flex items-center gap-3 py-3 first:pt-0 last:pb-0">
              <Avatar initials={initialsOf(b.name)} />
              <div className="min-w-0 flex-1">
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
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
