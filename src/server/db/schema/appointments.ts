import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ts, updatedAt } from './columns.ts';
import { estates, supportTeamMembers } from './estates.ts';
import { users } from './users.ts';

export const appointments = pgTable(
  'appointments',
  {
    id: id(),
    /** the estate the appointment concerns, when there is one */
    estateId: uuid('estate_id').references(() => estates.id, { onDelete: 'cascade' }),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** the persona area it was booked from (decides the type list) */
    requesterRole: text('requester_role').notNull(),
    /** the other side: a user account, and/or a support team member record */
    attendeeUserId: uuid('attendee_user_id').references(() => users.id, { onDelete: 'set null' }),
    supportMemberId: uuid('support_member_id').references(() => supportTeamMembers.id, { onDelete: 'set null' }),
    attendeeName: text('attendee_name').notNull(),
    attendeeRole: text('attendee_role').notNull().default(''),
    type: text('type').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    startsAt: ts('starts_at').notNull(),
    notes: text('notes').notNull().default(''),
    /** pending | confirmed | declined | cancelled */
    status: text('status').notNull().default('pending'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('appointments_requested_by_idx').on(t.requestedBy, t.startsAt),
    index('appointments_attendee_idx').on(t.attendeeUserId, t.startsAt),
  ],
);
