import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { ZCreateAppointmentRequest, type TAppointment, type TAppointmentOptions } from '../../../core/appointments.schemas.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { SelectField, TextAreaField, TextField } from '../../components/ui/field.tsx';
import { fieldErrorsFromIssues } from '../../lib/form.ts';
import { useAction } from '../../lib/use-action.ts';
import { appointmentsApi, browserTimeZone } from './api.ts';
import { todayIso } from './format.ts';

const personKey = (p: TAppointmentOptions['people'][number]) => (p.supportMemberId ? `m:${p.supportMemberId}` : `u:${p.attendeeUserId}`);

/**
 * `?schedule=1&type=<type name>&with=<supportMemberId or user id>` prefills the form (a link such as
 * an invitation's "book an Initial Consultation" leads here). Values the options do not offer are ignored.
 */
function usePrefill(options: TAppointmentOptions): { type: string; person: string } {
  const [params] = useSearchParams();
  if (params.get('schedule') !== '1') return { type: '', person: '' };
  const type = options.types.find((t) => t.name === params.get('type'))?.name ?? '';
  const wanted = params.get('with');
  const person = options.people.find((p) => wanted && (p.supportMemberId === wanted || p.attendeeUserId === wanted));
  return { type, person: person ? personKey(person) : '' };
}

/** Schedule form: type (with its duration), person, date, time, notes. Creates a pending request. */
export function ScheduleForm({ options, onScheduled }: { options: TAppointmentOptions; onScheduled: (a: TAppointment) => void }) {
  const { busy, error, setError, fields, setFields, run } = useAction();
  const [formKey, setFormKey] = useState(0);
  const prefill = usePrefill(options);
  const [personValue, setPersonValue] = useState(prefill.person);
  const chosen = options.people.find((p) => personKey(p) === personValue);
  const severalEstates = new Set(options.people.map((p) => p.estateOwnerName)).size > 1;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const person = options.people.find((p) => personKey(p) === String(form.get('person') ?? ''));
    const parsed = ZCreateAppointmentRequest.safeParse({
      type: String(form.get('type') ?? ''),
      ...(person?.supportMemberId ? { supportMemberId: person.supportMemberId } : person?.attendeeUserId ? { attendeeUserId: person.attendeeUserId } : {}),
      date: String(form.get('date') ?? ''),
      time: String(form.get('time') ?? ''),
      notes: String(form.get('notes') ?? ''),
      timeZone: browserTimeZone(),
      persona: options.persona,
    });
    if (!parsed.success) {
      const f = fieldErrorsFromIssues(parsed.error.issues);
      if (f.supportMemberId) f.person = 'Choose who the appointment is with';
      if (f.type) f.type = 'Choose a type';
      setFields(f);
      return;
    }
    await run(async () => {
      const created = await appointmentsApi.create(parsed.data);
      setFields({});
      setFormKey((k) => k + 1);
      setPersonValue('');
      onScheduled(created);
    });
  }
  // The server names the person's field by what it is; the form has one "With" for both.
  const personError = fields.person ?? fields.supportMemberId ?? fields.attendeeUserId;

  if (options.people.length === 0) {
    return (
      <Alert tone="info">
        There is nobody to book with yet. Add a legacy planner or an estate administrator to your support team first.
      </Alert>
    );
  }

  return (
    <form key={formKey} noValidate onSubmit={(e) => void submit(e)} className="space-y-5" aria-label="Schedule appointment">
      {error && <Alert tone="error">{error}</Alert>}
      <SelectField label="Appointment type" name="type" defaultValue={formKey === 0 ? prefill.type : ''} error={fields.type}>
        <option value="" disabled>
          Choose a type
        </option>
        {options.types.map((t) => (
          <option key={t.name} value={t.name}>
            {t.name} ({t.minutes} min)
          </option>
        ))}
      </SelectField>
      <SelectField
        label="With"
        name="person"
        value={personValue}
        onChange={(e) => setPersonValue(e.target.value)}
        error={personError}
        hint={chosen && !chosen.hasAccount ? `${chosen.name} has not joined yet; they will see the request when they accept their invitation.` : undefined}
      >
        <option value="" disabled>
          Choose a person
        </option>
        {options.people.map((p) => (
          <option key={personKey(p)} value={personKey(p)}>
            {p.name} — {p.roleLabel}
            {severalEstates ? ` (${p.estateOwnerName})` : ''}
          </option>
        ))}
      </SelectField>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="Date" name="date" type="date" min={todayIso()} error={fields.date} />
        <TextField label="Time" name="time" type="time" step={900} error={fields.time} />
      </div>
      <TextAreaField label="Notes" name="notes" rows={3} optional maxLength={2000} error={fields.notes} placeholder="What would you like to talk about?" />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button
          variant="secondary"
          onClick={() => {
            setFormKey((k) => k + 1);
            setPersonValue('');
            setFields({});
            setError(null);
          }}
        >
          Cancel
        </Button>
        <Button type="submit" loading={busy}>
          Schedule
        </Button>
      </div>
    </form>
  );
}
