import type { ReactNode } from 'react';
import { countWords, hoursInWords } from '../../../core/release-plan.ts';
import { durationInWords } from '../../../core/delivery-words.ts';
import type { TPlanBeneficiary, TReleasePlan } from '../../../core/release-plan.schemas.ts';

/**
 * The Release plan page is a list of sections, each drawn from the server's plan. To add one (e.g.
 * "If you become incapacitated"), append an entry here: nothing else on the page changes.
 */
export interface PlanSection {
  id: string;
  title: string;
  render: (plan: TReleasePlan) => ReactNode;
}

const P = ({ children }: { children: ReactNode }) => <p className="text-stone-700">{children}</p>;
const List = ({ items }: { items: ReactNode[] }) => <ul className="mt-2 list-disc space-y-1 pl-5 text-stone-700">{items.map((item, i) => <li key={i} className="break-words">{item}</li>)}</ul>;
const more = (shown: number, total: number, what: string) => (total > shown ? <P>…and {countWords(total - shown, what)} more.</P> : null);

const eventWords = (plan: TReleasePlan) => (plan.reportEvents.includes('incapacity') ? 'die or become incapacitated' : 'die');

/** The steps in order, as a timeline: what happens, when, and who acts. */
export function planTimeline(plan: TReleasePlan): { when: string; what: string }[] {
  const trustees = plan.trustees.length
    ? [{ when: `Within ${hoursInWords(plan.trusteeResponseHours)} of being asked`, what: `${plan.quorumRequired} of your ${plan.trustees.length} trustees must confirm the report, asked in your order.` }]
    : [];
  return [
    { when: 'Day 0', what: `Someone linked to you reports that you ${plan.reportEvents.includes('incapacity') ? 'have died or become incapacitated' : 'have died'}. You are told at once.` },
    ...trustees,
    { when: `Day 0 to day ${plan.vetoDays}`, what: `Veto window (${durationInWords(plan.vetoDays).toLowerCase()}): you are reminded every day and can cancel the report with one click. Nothing is released before it ends.` },
    { when: 'After the window', what: 'Your estate administrator checks the documents and, if they prove the report, activates your estate.' },
    ...plan.release.steps.map((s) => ({ when: s.when, what: `${s.label} you kept for afterwards are released to the beneficiaries they are shared with.` })),
    ...(plan.messages.scheduled ? [{ when: 'As each letter is scheduled', what: `${countWords(plan.messages.scheduled, 'scheduled letter')} go out to the people you wrote them for.` }] : []),
  ];
}

function receives(b: TPlanBeneficiary, plan: TReleasePlan): ReactNode[] {
  const labels = Object.fromEntries(plan.release.steps.map((s) => [s.category, s]));
  const out: ReactNode[] = [];
  for (const item of b.items) {
    const unit = item.category === 'memories' ? ['memory', 'memories'] as const : ['document', 'documents'] as const;
    if (item.now) out.push(`${countWords(item.now, unit[0], unit[1])} already shared now`);
    if (item.afterActivation) out.push(`${countWords(item.afterActivation, unit[0], unit[1])} — ${labels[item.category]?.when.toLowerCase() ?? 'after activation'}`);
  }
  if (b.letters) out.push(`${countWords(b.letters, 'letter')}${b.lettersOpen ? '' : ' (they cannot read letters until you turn their Messages access on)'}`);
  if (b.digitalLegacy) out.push('follows your executor playbook for your digital accounts');
  return out;
}

export const PLAN_SECTIONS: PlanSection[] = [
  {
    id: 'report',
    title: 'Who may report',
    render: (plan) => (
      <>
        <P>
          If you {eventWords(plan)}, anyone linked to your estate may report it: {countWords(plan.reporters.total, 'person', 'people')}.
          {plan.reporters.total === 0 && ' No one is linked yet — invite your beneficiaries or support team so someone can.'}
        </P>
        {plan.reporters.people.length > 0 && <List items={plan.reporters.people.map((p) => `${p.name} (${p.linkedAs})`)} />}
        {more(plan.reporters.people.length, plan.reporters.total, 'person')}
      </>
    ),
  },
  {
    id: 'confirm',
    title: 'Who must confirm',
    render: (plan) =>
      plan.trustees.length ? (
        <>
          <P>
            {plan.quorumRequired} of your {plan.trustees.length} trustees must confirm a report before it reaches verification. They are asked in this order; one
            who does not answer within {hoursInWords(plan.trusteeResponseHours)} is passed over and the next is asked.
          </P>
          <ol className="mt-2 list-decimal space-y-1 pl-5 text-stone-700">
            {plan.trustees.map((t) => (
              <li key={t.position} className="break-words">{t.name}</li>
            ))}
          </ol>
        </>
      ) : (
        <P>You have not named trustees, so no one has to confirm a report before it goes on to verification.</P>
      ),
  },
  {
    id: 'veto',
    title: 'Your veto window',
    render: (plan) => (
      <P>
        Every report starts a waiting period of {durationInWords(plan.vetoDays).toLowerCase()}. During it you are reminded daily, by email and here, and can cancel
        the report with one click. Nothing can be activated before it ends, whoever approves.
      </P>
    ),
  },
  {
    id: 'verify',
    title: 'Verification',
    render: (plan) => (
      <>
        <P>
          {plan.verification.administrators.length
            ? `Your estate administrator${plan.verification.administrators.length > 1 ? 's' : ''} (${plan.verification.administrators.join(', ')}) check${plan.verification.administrators.length > 1 ? '' : 's'} the documents within ${plan.verification.timeout.toLowerCase()}.`
            : `You have no estate administrator yet: the platform's staff check the documents within ${plan.verification.timeout.toLowerCase()}.`}
        </P>
        <List
          items={plan.reportEvents.map((event) =>
            event === 'death' ? `A death needs: ${plan.verification.documents.death.join(', ')}.` : `An incapacity needs: ${plan.verification.documents.incapacity.join(', ')}.`,
          )}
        />
      </>
    ),
  },
  {
    id: 'activate',
    title: 'Activation and release',
    render: (plan) => (
      <>
        <P>
          Your estate activates: {plan.activationConditionLabel.toLowerCase()}. Then it releases what you kept for afterwards — {plan.release.scheduleLabel.toLowerCase()}:
        </P>
        <List items={plan.release.steps.map((s) => `${s.label}: ${s.when.toLowerCase()}`)} />
      </>
    ),
  },
  {
    id: 'beneficiaries',
    title: 'What each beneficiary receives',
    render: (plan) =>
      plan.beneficiaries.total === 0 ? (
        <P>You have no beneficiaries yet.</P>
      ) : (
        <>
          <ul className="space-y-4">
            {plan.beneficiaries.people.map((b) => {
              const items = receives(b, plan);
              return (
                <li key={b.id}>
                  <h3 className="font-medium break-words text-stone-900">
                    {b.name} <span className="font-normal text-stone-600">({b.relationship}{b.linked ? '' : ', has not accepted the invitation yet'})</span>
                  </h3>
                  {items.length ? <List items={items} /> : <P>Nothing is shared with them.</P>}
                </li>
              );
            })}
          </ul>
          {more(plan.beneficiaries.people.length, plan.beneficiaries.total, 'beneficiary')}
        </>
      ),
  },
  {
    id: 'messages',
    title: 'Future messages',
    render: (plan) => (
      <>
        <P>
          {countWords(plan.messages.scheduled, 'letter')} scheduled
          {plan.messages.drafts ? `; ${countWords(plan.messages.drafts, 'draft')} that will never be sent unless you schedule ${plan.messages.drafts === 1 ? 'it' : 'them'}` : ''}.
        </P>
        {plan.messages.items.length > 0 && <List items={plan.messages.items.map((m) => `“${m.subject}” to ${m.recipientName ?? 'a removed beneficiary'} — ${m.when}`)} />}
        {more(plan.messages.items.length, plan.messages.scheduled, 'letter')}
      </>
    ),
  },
  {
    id: 'incapacity',
    title: 'If you become incapacitated',
    render: (plan) =>
      !plan.reportEvents.includes('incapacity') ? (
        <P>Your estate is released only upon your death, so no one can report an incapacity and incapacity mode never starts.</P>
      ) : (
        <>
          <P>
            A verified incapacity report (after your trustees and your veto window, as above) starts incapacity mode: nothing you kept for after your death is
            released and no letter goes out. {plan.incapacity.people.length ? 'These people may read, but not change:' : 'You have chosen no one, so no one gets access while it lasts.'}
          </P>
          {plan.incapacity.people.length > 0 && <List items={plan.incapacity.people.map((p) => `${p.name}: ${p.categories.join(' and ').toLowerCase()} you shared now`)} />}
          <P>It ends when you sign in and choose “I’m back”, or when a trustee or your estate administrator ends it. Your estate then returns to planning, with nothing lost.</P>
        </>
      ),
  },
  {
    id: 'check-in',
    title: 'If you stop signing in',
    render: (plan) =>
      plan.checkIn.months === null ? (
        <P>Your check-in switch is off: not signing in for a long time changes nothing.</P>
      ) : (
        <P>
          Your check-in switch is on: {countWords(plan.checkIn.months, 'month')} without signing in counts as a missed check-in.
          {plan.checkIn.state === 'paused' && plan.checkIn.pausedUntil ? ` It is paused until ${plan.checkIn.pausedUntil}.` : ''}
          {plan.checkIn.dueAt ? ` Next check-in by ${new Date(plan.checkIn.dueAt).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: plan.checkIn.timeZone })}.` : ''} You are reminded a month, a
          week and a day ahead. A missed check-in releases nothing: it asks your trustees whether you are all right and alerts your estate administrator.
        </P>
      ),
  },
  {
    id: 'digital',
    title: 'Digital accounts',
    render: (plan) => (
      <P>
        {countWords(plan.digitalAssets.total, 'digital account')}; {plan.digitalAssets.withInstructions} with instructions for after you die.{' '}
        {plan.executor
          ? `After activation ${plan.executor.name} (${plan.executor.linkedAs}), your executor${plan.deputyExecutor ? `, or ${plan.deputyExecutor.name} (${plan.deputyExecutor.linkedAs}) in their place,` : ''} and your estate administrator work through them as an executor playbook; the beneficiaries with Digital Legacy access follow their progress.`
          : 'You have not named an executor (Account Settings): after activation your estate administrator and the beneficiaries with Digital Legacy access tick them off as an executor playbook.'}
      </P>
    ),
  },
];
