import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import {
  APPOINTMENT_ERROR_CODES,
  ZCreateAppointmentRequest,
  type TAppointment,
  type TAppointmentOptions,
  type TCreateAppointmentRequest,
} from '../../../core/appointments.schemas.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { SelectField, TextAreaField, TextField } from '../../components/ui/field.tsx';
import { ApiError } from '../../lib/api.ts';
import { fieldErrorsFromIssues } from '../../lib/form.ts';
import { useAction } from '../../lib/use-action.ts';
import { useUnsavedChangesGuard } from '../../lib/unsaved-changes.ts';
import { appointmentsApi } from './api.ts';
import { todayIso } from './format.ts';

type Person = TAppointmentOptions['people'][number];
const personKey = (p: Person) => (p.supportMemberId ? `m:${p.supportMemberId}` : `u:${p.attendeeUserId}`);

/**
 * The link contract that opens this form prefilled (dashboard quick actions, invitation booking
 * links): `?schedule=1` scrolls to it and focuses it, `type=<type name>` picks the type,
 * `with=<id>` the person (their account id, or their support-team member id). Unknown values are ignored.
 */
function usePrefill(options: TAppointmentOptions) {
  const [params] = useSearchParams();
  const type = options.types.find((t) => t.name === params.get('type'))?.name ?? '';
  const withId = params.get('with');
  const person = withId ? options.people.find((p) => p.attendeeUserId === withId || p.supportMemberId === withId) : undefined;
  return { open: params.get('schedule') === '1', type, personValue: person ? personKey(person) : '' };
}

/**
 * Schedule form: type (with its duration), person, date, time, notes. Creates a pending request.
 * The date and time typed are in the persona's zone (options.zone, named beside the time). A time
 * outside usual hours comes back as APPOINTMENT_OFF_HOURS: the form asks, and sends it again with
 * `confirmOffHours` only when the person says so.
 */
export function ScheduleForm({ options, onScheduled }: { options: TAppointmentOptions; onScheduled: (a: TAppointment) => void }) {
  const { busy, error, setError, fields, setFields, run } = useAction();
  const zone = options.zone;
  /** the request the server found outside usual hours, and its words, while the person decides */
  const [offHours, setOffHours] = useState<{ request: TCreateAppointmentRequest; message: string } | null>(null);
  const prefill = usePrefill(options);
  const [formKey, setFormKey] = useState(0);
  const [personValue, setPersonValue] = useState(prefill.personValue);
  const formRef = useRef<HTMLFormElement>(null);
  const guard = useUnsavedChangesGuard(formRef);
  useEffect(() => {
    if (!prefill.open || !formRef.current) return;
    formRef.current.scrollIntoView({ block: 'start' });
    formRef.current.querySelector<HTMLSelectElement>('select')?.focus({ preventScroll: true });
  }, [prefill.open]);
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
      timeZone: zone.iana,
      persona: options.persona,
    });
    if (!parsed.success) {
      const f = fieldErrorsFromIssues(parsed.error.issues);
      if (f.supportMemberId) f.person = 'Choose who the appointment is with';
      if (f.type) f.type = 'Choose a type';
      setFields(f);
      return;
    }
    await send(parsed.data);
  }

  async function send(request: TCreateAppointmentRequest) {
    await run(async () => {
      try {
        const created = await appointmentsApi.create(request);
        setOffHours(null);
        setFields({});
        setFormKey((k) => k + 1);
        setPersonValue('');
        onScheduled(created);
      } catch (e) {
        if (e instanceof ApiError && e.code === APPOINTMENT_ERROR_CODES.offHours && !request.confirmOffHours) {
          setOffHours({ request, message: e.message });
          return;
        }
        setOffHours(null);
        throw e;
      }
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
    <form key={formKey} ref={guard} noValidate onSubmit={(e) => void submit(e)} className="scroll-mt-24 space-y-5" aria-label="Schedule appointment">
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
        <TextField label="Date" name="date" type="date" min={todayIso(new Date(), zone.iana)} error={fields.date} />
        <TextField label={`Time (${zone.name})`} name="time" type="time" step={900} error={fields.time} />
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
      <Dialog
        open={offHours !== null}
        onClose={() => setOffHours(null)}
        title="Outside usual hours"
        description={offHours?.message}
        footer={
          <>
            <Button variant="secondary" onClick={() => setOffHours(null)}>
              Choose another time
            </Button>
            <Button loading={busy} onClick={() => offHours && void send({ ...offHours.request, confirmOffHours: true })}>
              Send anyway
            </Button>
          </>
        }
      >
        <p className="text-sm text-stone-700">The other person may not see it until their working day.</p>
      </Dialog>
    </form>
  );
}
