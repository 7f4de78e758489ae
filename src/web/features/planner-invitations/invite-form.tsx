import { useState, type FormEvent } from 'react';
import {
  fillTemplate,
  INVITATION_TEMPLATES,
  PLANNER_RELATIONSHIPS,
  ZCreatePlannerInvitationRequest,
  type InvitationTemplate,
  type TPlannerInvitation,
} from '../../../core/planner-invitations.schemas.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { SelectField, TextAreaField, TextField } from '../../components/ui/field.tsx';
import { fieldErrorsFromIssues } from '../../lib/form.ts';
import { useAction } from '../../lib/use-action.ts';
import { plannerInvitationsApi } from './api.ts';

export interface InviteFormProps {
  plannerName: string;
  /** preselected (the Tools page links here with ?template=…) */
  initialTemplate: InvitationTemplate;
  onSent: (invitation: TPlannerInvitation) => void;
}

function Checkbox({ name, label, hint, checked, onChange }: { name: string; label: string; hint: string; checked: boolean; onChange: (on: boolean) => void }) {
  return (
    <div className="flex gap-3">
      <input
        id={`invite-${name}`}
        name={name}
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        aria-describedby={`invite-${name}-hint`}
        className="mt-1 size-4 shrink-0 rounded border-stone-300 accent-(--accent-solid)"
      />
      <div className="text-sm">
        <label htmlFor={`invite-${name}`} className="font-medium text-stone-900">
          {label}
        </label>
        <p id={`invite-${name}-hint`} className="text-stone-600">
          {hint}
        </p>
      </div>
    </div>
  );
}

/**
 * The wireframe's Invite a Loved One form. Choosing a template fills its text, with the names, into
 * Message; once the message was edited by hand, the planner is asked before it is replaced.
 */
export function InviteForm({ plannerName, initialTemplate, onSent }: InviteFormProps) {
  const { busy, error, fields, setFields, run } = useAction();
  const [firstName, setFirstName] = useState('');
  const [template, setTemplate] = useState<InvitationTemplate>(initialTemplate);
  const [message, setMessage] = useState(() => fillTemplate(initialTemplate, { firstName: '', plannerName }));
  const [asked, setAsked] = useState<InvitationTemplate | null>(null);
  const [includeCalendarLink, setIncludeCalendarLink] = useState(false);
  const [scheduleFollowUp, setScheduleFollowUp] = useState(true);
  const [formKey, setFormKey] = useState(0);

  const filled = (t: InvitationTemplate, name = firstName) => fillTemplate(t, { firstName: name, plannerName });
  const editedByHand = message.trim() !== '' && message !== filled(template);

  function chooseTemplate(next: InvitationTemplate) {
    if (editedByHand && next !== template) setAsked(next);
    else {
      setTemplate(next);
      setMessage(filled(next));
    }
  }

  function changeFirstName(name: string) {
    if (!editedByHand) setMessage(filled(template, name));
    setFirstName(name);
  }

  function reset() {
    setFirstName('');
    setTemplate(initialTemplate);
    setMessage(fillTemplate(initialTemplate, { firstName: '', plannerName }));
    setIncludeCalendarLink(false);
    setScheduleFollowUp(true);
    setFields({});
    setFormKey((k) => k + 1);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '');
    const parsed = ZCreatePlannerInvitationRequest.safeParse({
      firstName,
      lastName: text('lastName'),
      email: text('email'),
      phone: text('phone'),
      relationship: text('relationship'),
      template,
      message,
      includeCalendarLink,
      scheduleFollowUp,
    });
    if (!parsed.success) {
      setFields(fieldErrorsFromIssues(parsed.error.issues));
      return;
    }
    await run(async () => {
      const sent = await plannerInvitationsApi.create(parsed.data);
      reset();
      onSent(sent);
    });
  }

  return (
    <form key={formKey} noValidate onSubmit={(e) => void submit(e)} className="space-y-6" aria-label="Invite a Loved One">
      {error && <Alert tone="error">{error}</Alert>}
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="First Name" name="firstName" autoComplete="off" value={firstName} onChange={(e) => changeFirstName(e.target.value)} error={fields.firstName} maxLength={80} />
        <TextField label="Last Name" name="lastName" autoComplete="off" error={fields.lastName} maxLength={80} />
        <TextField label="Email" name="email" type="email" autoComplete="off" error={fields.email} />
        <TextField label="Phone" name="phone" type="tel" autoComplete="off" optional error={fields.phone} />
        <SelectField label="Your Relationship" name="relationship" defaultValue="" error={fields.relationship}>
          <option value="" disabled>
            Choose a relationship
          </option>
          {PLANNER_RELATIONSHIPS.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </SelectField>
        <SelectField label="Template" name="template" value={template} onChange={(e) => chooseTemplate(e.target.value as InvitationTemplate)} error={fields.template}>
          {INVITATION_TEMPLATES.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </SelectField>
      </div>
      <TextAreaField
        label="Message"
        name="message"
        rows={8}
        optional
        value={message}
        onChange={(e) => setMessage(e.target.value)}
        error={fields.message}
        maxLength={5000}
        hint="Sent as your words, under our note saying who the invitation is from."
      />
      <div className="space-y-4">
        <Checkbox
          name="includeCalendarLink"
          label="Include calendar link"
          hint="Adds a link to book an Initial Consultation with you right after they accept."
          checked={includeCalendarLink}
          onChange={setIncludeCalendarLink}
        />
        <Checkbox
          name="scheduleFollowUp"
          label="Schedule follow-up"
          hint="Sends one reminder 3 days later if they have not answered."
          checked={scheduleFollowUp}
          onChange={setScheduleFollowUp}
        />
      </div>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={reset}>
          Clear
        </Button>
        <Button type="submit" loading={busy}>
          Send Invitation
        </Button>
      </div>
      <ConfirmDialog
        open={asked !== null}
        title="Replace your message?"
        description={`Choosing “${asked ?? ''}” replaces the message you wrote with the template's text.`}
        confirmLabel="Replace message"
        onClose={() => setAsked(null)}
        onConfirm={() => {
          if (asked) {
            setTemplate(asked);
            setMessage(filled(asked));
          }
          setAsked(null);
        }}
      />
    </form>
  );
}
