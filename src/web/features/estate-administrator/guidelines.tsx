import { ALERT_GUIDANCE } from '../../../core/constants.ts';
import { Card } from '../../components/ui/card.tsx';

const hours = (n: number) => `${n} ${n === 1 ? 'hour' : 'hours'}`;

/** The guidelines box of Document Verifications. */
export function VerificationGuidelines({ timeoutLabel, requiredDocuments }: { timeoutLabel: string; requiredDocuments: readonly string[] }) {
  return (
    <Card title="Verification Guidelines">
      <ul className="list-disc space-y-2 pl-5 lg:columns-2 lg:gap-10 lg:[&>li]:break-inside-avoid text-sm text-stone-700 marker:text-stone-400">
        <li>Check that each document is legible, complete and issued by the proper authority.</li>
        <li>Make sure the name and dates on the document match the estate owner’s details.</li>
        <li>Confirm the relationship of the person who submitted it to the estate owner.</li>
        <li>
          Review documents within {timeoutLabel}; after that they are marked <strong className="font-semibold">High</strong> priority and an alert is raised.
        </li>
        <li>Give a clear reason when you reject a document: the person who submitted it is told.</li>
        <li>
          The estate moves to Activation Pending once every required document is verified ({requiredDocuments.join(', ')}).
        </li>
      </ul>
    </Card>
  );
}

/** The Response Guidelines box of Alerts (ALERT_GUIDANCE). */
export function ResponseGuidelines() {
  return (
    <Card title="Response Guidelines">
      <ul className="list-disc space-y-2 pl-5 text-sm text-stone-700 marker:text-stone-400">
        <li>
          Respond to high-priority alerts within <strong className="font-semibold">{hours(ALERT_GUIDANCE.highPriorityResponseHours)}</strong>; past that
          they are marked overdue.
        </li>
        <li>
          Follow up with estate owners within <strong className="font-semibold">{hours(ALERT_GUIDANCE.ownerFollowUpHours)}</strong>.
        </li>
        <li>Use Take Action when you start on an alert, and Resolve once it is dealt with.</li>
      </ul>
    </Card>
  );
}
