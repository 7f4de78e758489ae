import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ts, updatedAt } from './columns.ts';
import { users } from './users.ts';

export const estates = pgTable(
  'estates',
  {
    id: id(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** planning | verification_pending | activation_pending | active (core/lifecycle.ts) */
    status: text('status').notNull().default('planning'),
    /** key of ACTIVATION_CONDITIONS */
    activationCondition: text('activation_condition').notNull().default('upon_death'),
    activationDate: date('activation_date'),
    /** key of RELEASE_SCHEDULES */
    releaseSchedule: text('release_schedule').notNull().default('all_at_once'),
    releaseDates: jsonb('release_dates').$type<string[]>().notNull().default([]),
    activatedAt: ts('activated_at'),
    /** Reported (and, once verified, confirmed) date of death, shown to the estate administrator. */
    dateOfDeath: date('date_of_death'),
    /**
     * How many release steps of the owner's schedule have run since activation (core/release.ts):
     * the access policy releases after-activation items of a category once its step has run.
     */
    releaseStepsDone: integer('release_steps_done').notNull().default(0),
    /**
     * The deceased as the owner's account read at activation (ADR 0110): what every page, letter,
     * export and notice prints for an active estate, whatever the account says later. Cleared when
     * a mistaken activation is reversed.
     */
    deceasedName: text('deceased_name'),
    deceasedDateOfBirth: date('deceased_date_of_birth'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('estates_owner_unique').on(t.ownerId), index('estates_created_idx').on(t.createdAt, t.id)],
);

export const beneficiaries = pgTable(
  'beneficiaries',
  {
    id: id(),
    estateId: uuid('estate_id')
      .notNull()
      .references(() => estates.id, { onDelete: 'cascade' }),
    /** The linked account, once the invitation is accepted. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    relationship: text('relationship').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    notes: text('notes').notNull().default(''),
    dateOfBirth: date('date_of_birth'),
    accessMemories: boolean('access_memories').notNull().default(true),
    accessDocuments: boolean('access_documents').notNull().default(true),
    accessMessages: boolean('access_messages').notNull().default(true),
    accessBeneficiaries: boolean('access_beneficiaries').notNull().default(false),
    accessDigitalLegacy: boolean('access_digital_legacy').notNull().default(false),
    invitedAt: ts('invited_at'),
    acceptedAt: ts('accepted_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('beneficiaries_estate_idx').on(t.estateId),
    index('beneficiaries_user_idx').on(t.userId),
    uniqueIndex('beneficiaries_estate_email_unique').on(t.estateId, t.email),
    // The Beneficiaries list's order: name as the screen shows it ("First Last"), then id (beneficiaryName).
    index('beneficiaries_estate_name_idx').on(t.estateId, sql`(first_name || ' ' || last_name)`, t.id),
  ],
);

/** The owner's name as printed: the deceased's fixed at activation, else the account's (needs `users` joined on the owner). */
export const ownerNameSql = () => sql<string>`coalesce(${estates.deceasedName}, ${users.name})`;
/** The owner's date of birth as printed, on the same terms. */
export const ownerBornOnSql = () => sql<string | null>`coalesce(${estates.deceasedDateOfBirth}, ${users.dateOfBirth})`;

/** A beneficiary's name as shown ("First Last"): the expression of beneficiaries_estate_name_idx. */
export const beneficiaryName = () => sql<string>`(${beneficiaries.firstName} || ' ' || ${beneficiaries.lastName})`;

export const supportTeamMembers = pgTable(
  'support_team_members',
  {
    id: id(),
    estateId: uuid('estate_id')
      .notNull()
      .references(() => estates.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** legacy-planner | estate-administrator */
    role: text('role').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    invitedAt: ts('invited_at'),
    acceptedAt: ts('accepted_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('support_team_estate_idx').on(t.estateId),
    index('support_team_user_idx').on(t.userId),
    uniqueIndex('support_team_estate_email_role_unique').on(t.estateId, t.email, t.role),
  ],
);

export const invitations = pgTable(
  'invitations',
  {
    id: id(),
    /** beneficiary | support-team | planner-client | staff */
    kind: text('kind').notNull(),
    email: text('email').notNull(),
    role: text('role').notNull(),
    estateId: uuid('estate_id').references(() => estates.id, { onDelete: 'cascade' }),
    /** beneficiaries.id or support_team_members.id the acceptance links */
    targetId: uuid('target_id'),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    expiresAt: ts('expires_at').notNull(),
    acceptedAt: ts('accepted_at'),
    /** Planner invitations: when the one follow-up reminder is due (null: none asked for), and when it went. */
    followUpDueAt: ts('follow_up_due_at'),
    followUpSentAt: ts('follow_up_sent_at'),
    /** When the invitation email last went out (first send or resend). */
    lastSentAt: ts('last_sent_at'),
    /** Withdrawn by the sender: the link no longer works and no reminder goes. */
    cancelledAt: ts('cancelled_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('invitations_follow_up_due_idx').on(t.followUpDueAt).where(sql`${t.followUpSentAt} IS NULL`),
    index('invitations_email_idx').on(t.email),
    index('invitations_invited_by_idx').on(t.invitedBy, t.createdAt),
  ],
);
