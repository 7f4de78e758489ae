import { useState, type FormEvent } from 'react';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { CHECK_IN_ANSWER_LABELS, CHECK_IN_ANSWERS, type TCheckInQuestion } from '../../core/check-in.schemas.ts';
import { Alert } from '../components/ui/alert.tsx';
import { Button } from '../components/ui/button.tsx';
import { CenteredPage } from '../components/ui/centered-page.tsx';
import { TextAreaField } from '../components/ui/field.tsx';
import { checkInApi, formatWhen } from '../features/check-in/api.ts';
import { requireUser } from '../lib/session.ts';
import { useAction } from '../lib/use-action.ts';

export async function loader({ params, request }: LoaderFunctionArgs) {
  const session = await requireUser(request);
  return { question: await checkInApi.question(params.id ?? ''), isBeneficiary: session.user.roles.includes('beneficiary') };
}

/**
 * A trustee's "Is <owner> all right?" (ADR 0046). The answer is told to the owner and the estate
 * administrator; it never releases anything and never checks the owner in.
 */
export function Component() {
  const loaded = useLoaderData<typeof loader>();
  const [question, setQuestion] = useState<TCheckInQuestion>(loaded.question);
  const [answer, setAnswer] = useState<TCheckInQuestion['myAnswer']>(loaded.question.myAnswer);
  const [note, setNote] = useState(loaded.question.myNote);
  const [saved, setSaved] = useState(false);
  const { busy, error, fields, run } = useAction();
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!answer) return;
    setSaved(false);
    if (await run(async () => setQuestion(await checkInApi.answer(question.id, { answer, note })))) setSaved(true);
  }

  return (
    <CenteredPage title={`Is ${question.ownerName} all right?`} description={`${question.ownerName} has not checked in since ${formatWhen(question.dueAt, zone)}. Nothing has been released.`}>
      <div className="space-y-5">
        {question.resolvedAt && <Alert tone="success">{question.ownerName} has checked in since you were asked. Thank you; nothing more is needed.</Alert>}
        {error && <Alert tone="error">{error}</Alert>}
        {saved && <Alert tone="success">Thank you. {question.ownerName} and their estate administrator have been told.</Alert>}
        {!question.resolvedAt && (
          <form onSubmit={(e) => void submit(e)} className="space-y-4">
            <fieldset className="space-y-2">
              <legend className="text-sm font-medium text-stone-900">Your answer</legend>
              {CHECK_IN_ANSWERS.map((a) => (
                <label key={a} className="flex items-center gap-3 rounded-lg p-3 ring-1 ring-stone-200 has-checked:ring-accent-solid">
                  <input type="radio" name="answer" value={a} checked={answer === a} onChange={() => setAnswer(a)} className="size-4" />
                  <span className="text-sm text-stone-900">{CHECK_IN_ANSWER_LABELS[a]}</span>
                </label>
              ))}
            </fieldset>
            <TextAreaField label="Note" optional name="note" rows={3} maxLength={1000} value={note} error={fields.note} onChange={(e) => setNote(e.target.value)} />
            <Button type="submit" loading={busy} disabled={!answer} className="w-full">
              Send answer
            </Button>
          </form>
        )}
        <p className="text-sm text-stone-600">
          If {question.ownerName} has passed away,{' '}
          {loaded.isBeneficiary ? (
            <Link to={`/beneficiary/estate/${question.estateId}`} className="font-semibold text-accent-text hover:underline">
              report it from their estate page
            </Link>
          ) : (
            'report it with "Report a passing" on their estate page'
          )}
          : that starts the usual verification, with the owner able to cancel.
        </p>
      </div>
    </CenteredPage>
  );
}
