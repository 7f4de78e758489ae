import { CheckCircleIcon } from '@heroicons/react/24/outline';
import { useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import {
  FEEDBACK_CATEGORIES,
  FEEDBACK_CATEGORY_LABELS,
  FEEDBACK_LIMITS,
  FEEDBACK_PAGE_MAX_LENGTH,
  ZCreateFeedbackRequest,
  type FeedbackCategory,
} from '../../../core/feedback.schemas.ts';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { TextAreaField } from '../../components/ui/field.tsx';
import { FormDialog } from '../../components/ui/form-dialog.tsx';
import { fieldErrorsFromIssues } from '../../lib/form.ts';
import { useAction } from '../../lib/use-action.ts';
import { feedbackApi } from './api.ts';

const HINTS: Record<FeedbackCategory, string> = {
  bug: 'Something is broken or does not work as it should.',
  feature: 'Something you would like Heirloom to do.',
  other: 'Anything else you want us to know.',
};

/**
 * "Send feedback" from the user menu: a category (bug report, feature request, other) and a
 * message; the path of the page the user is on goes with it. Admins read it in Reports. Give it a
 * fresh `key` each time it opens so it starts empty.
 */
export function SendFeedbackDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { pathname } = useLocation();
  const { busy, error, fields, setFields, run } = useAction();
  const [category, setCategory] = useState<FeedbackCategory>('bug');
  const [message, setMessage] = useState('');
  const [sent, setSent] = useState(false);

  async function submit(_event: FormEvent<HTMLFormElement>) {
    const parsed = ZCreateFeedbackRequest.safeParse({ category, message, page: pathname.slice(0, FEEDBACK_PAGE_MAX_LENGTH) });
    if (!parsed.success) {
      setFields(fieldErrorsFromIssues(parsed.error.issues));
      document.querySelector<HTMLElement>('[name="feedback-message"]')?.focus();
      return;
    }
    setFields({});
    if (await run(() => feedbackApi.send(parsed.data))) setSent(true);
  }

  if (sent) {
    return (
      <Dialog open={open} onClose={onClose} title="Thank you" footer={<Button onClick={onClose}>Close</Button>}>
        <p role="status" className="flex items-start gap-3 text-sm text-stone-700">
          <CheckCircleIcon aria-hidden="true" className="size-6 shrink-0 text-green-700" />
          Your feedback was sent to the Heirloom team. We read every message.
        </p>
      </Dialog>
    );
  }

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title="Send feedback"
      description="Tell us what works, what doesn’t, and what you would like. The page you are on is sent with it."
      submitLabel="Send feedback"
      busy={busy}
      error={error}
      onSubmit={(e) => void submit(e)}
    >
      <fieldset>
        <legend className="text-sm font-medium text-stone-900">Category</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-3">
          {FEEDBACK_CATEGORIES.map((c) => (
            <label
              key={c}
              className="flex cursor-pointer items-start gap-2 rounded-lg p-3 ring-1 ring-stone-300 has-checked:bg-accent-soft has-checked:ring-2 has-checked:ring-accent-solid"
            >
              <input
                type="radio"
                name="feedback-category"
                value={c}
                checked={category === c}
                onChange={() => setCategory(c)}
                aria-describedby={`feedback-hint-${c}`}
                className="mt-0.5"
              />
              <span className="text-sm">
                <span className="block font-semibold text-stone-900">{FEEDBACK_CATEGORY_LABELS[c]}</span>
                <span id={`feedback-hint-${c}`} className="block text-stone-600 sm:sr-only">
                  {HINTS[c]}
                </span>
              </span>
            </label>
          ))}
        </div>
        {fields.category && <p className="mt-1.5 text-sm font-medium text-red-700">{fields.category}</p>}
      </fieldset>
      <TextAreaField
        label="Message"
        name="feedback-message"
        rows={5}
        value={message}
        onChange={(e) => setMessage(e.target.value)}
        maxLength={FEEDBACK_LIMITS.messageMaxLength}
        required
        hint={`Up to ${FEEDBACK_LIMITS.messageMaxLength.toLocaleString('en-GB')} characters. Please don’t include passwords or other secrets.`}
        error={fields.message}
      />
    </FormDialog>
  );
}
