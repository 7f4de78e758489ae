import { z } from 'zod';
import { zId, zIsoDate } from './common.schemas.ts';
import { zCursor } from './keyset.schemas.ts';
import { APPOINTMENT_STATUSES } from './constants.ts';
import { ROLES } from './roles.ts';
import { isValidTimeZone } from './time-zones.ts';
import { zPlainText, zRequiredText } from './beneficiaries.schemas.ts';

export const zTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'Must be a time (HH:MM)' });

export const ZCreateAppointmentRequest = z
  .object({
    type: zRequiredText(100),
    /** the support-team member to meet (owners and beneficiaries book with their estate's support team) */
    supportMemberId: zId.optional(),
    /** or a user directly (planners and estate administrators book with the owners they support) */
    attendeeUserId: zId.optional(),
    date: zIsoDate,
    time: zTime,
    notes: zPlainText(2000).default(''),
    /** the IANA zone the date and time are in (the browser's); defaults to the platform time zone */
    timeZone: z
      .string()
      .max(64)
      .refine(isValidTimeZone, { message: 'Unknown time zone' })
      .optional(),
    /** which persona area this is booked from, when the account holds several roles */
    persona: z.enum(ROLES).optional(),
    /** book it even though it falls outside usual hours (docs/decisions/0041); without it such a booking is refused with APPOINTMENT_OFF_HOURS */
    confirmOffHours: z.boolean().optional(),
  })
  .strict()
  .refine((v) => Boolean(v.supportMemberId) !== Boolean(v.attendeeUserId), {
    message: 'Choose who the appointment is with',
    path: ['supportMemberId'],
  });
export type TCreateAppointmentRequest = z.input<typeof ZCreateAppointmentRequest>;

/** Codes the schedule form answers by asking the person, rather than by showing an error. */
export const APPOINTMENT_ERROR_CODES = {
  /** the time is before 08:00, from 20:00, or on a weekend, and confirmOffHours was not sent */
  offHours: 'APPOINTMENT_OFF_HOURS',
} as const;

/** The zone the caller's appointments are shown and booked in, and the short name written after times ("GMT"). */
export const ZDisplayZone = z.object({ iana: z.string(), name: z.string() });
export type TDisplayZone = z.infer<typeof ZDisplayZone>;

export const ZAppointment = z.object({
  id: z.string(),
  type: z.string(),
  durationMinutes: z.number(),
  startsAt: z.string(),
  endsAt: z.string(),
  status: z.enum(APPOINTMENT_STATUSES),
  notes: z.string(),
  /** who the appointment is with, from the caller's point of view */
  withName: z.string(),
  withRoleLabel: z.string(),
  /** the caller asked for it (outgoing) or was asked (incoming) */
  direction: z.enum(['outgoing', 'incoming']),
  requestedByName: z.string(),
  past: z.boolean(),
  /** start and end in the caller's zone, named: "Tue 1 Dec 2026, 10:00–11:00 GMT" */
  when: z.string(),
  /** who is told if the caller cancels it (null: nobody can be — they have no account yet) */
  cancelNotifies: z.string().nullable(),
  canConfirm: z.boolean(),
  canCancel: z.boolean(),
});
export type TAppointment = z.infer<typeof ZAppointment>;

export const APPOINTMENT_VIEWS = ['upcoming', 'past'] as const;
export type AppointmentView = (typeof APPOINTMENT_VIEWS)[number];
export const APPOINTMENT_PAGE_MAX = 50;

/**
 * One view of the caller's appointments, paged by keyset: Upcoming (pending or confirmed, not yet
 * over; soonest first) or Past & cancelled (everything else; latest first).
 */
export const ZAppointmentListQuery = z
  .object({
    view: z.enum(APPOINTMENT_VIEWS).default('upcoming'),
    cursor: zCursor(['instant', 'id']).optional(),
    limit: z.coerce.number().int().min(1).max(APPOINTMENT_PAGE_MAX).default(20),
    /** whose zone the times are written in, when the account holds several roles */
    persona: z.enum(ROLES).optional(),
  })
  .strict();
export type TAppointmentListQuery = z.input<typeof ZAppointmentListQuery>;

export const ZAppointmentList = z.object({
  appointments: z.array(ZAppointment),
  /** give back as `cursor` for the next page; null on the last page */
  nextCursor: z.string().nullable(),
  zone: ZDisplayZone,
});
export type TAppointmentList = z.infer<typeof ZAppointmentList>;

export const ZAppointmentOptionsQuery = z.object({ persona: z.enum(ROLES).optional() }).strict();

/** What the schedule form offers this persona: its types and the people it may book with. */
export const ZAppointmentOptions = z.object({
  persona: z.enum(ROLES),
  /** the zone the date and time typed are in */
  zone: ZDisplayZone,
  types: z.array(z.object({ name: z.string(), minutes: z.number() })),
  people: z.array(
    z.object({
      supportMemberId: z.string().nullable(),
      attendeeUserId: z.string().nullable(),
      name: z.string(),
      roleLabel: z.string(),
      /** whose estate, when the caller can book on several */
      estateOwnerName: z.string(),
      /** false until they accept their invitation: they will see the request when they do */
      hasAccount: z.boolean(),
    }),
  ),
});
export type TAppointmentOptions = z.infer<typeof ZAppointmentOptions>;

export const ZAppointmentIdParams = z.object({ id: zId }).strict();
