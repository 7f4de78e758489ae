import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Role } from '../../../core/roles.ts';
import { createdAt, id, ts, updatedAt } from './columns.ts';

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash'),
    phone: text('phone').notNull().default(''),
    dateOfBirth: date('date_of_birth'),
    /** active | suspended | invited */
    status: text('status').notNull().default('active'),
    isDemo: boolean('is_demo').notNull().default(false),
    emailVerifiedAt: ts('email_verified_at'),
    failedSignIns: integer('failed_sign_ins').notNull().default(0),
    firstFailedSignInAt: ts('first_failed_sign_in_at'),
    lockedUntil: ts('locked_until'),
    /** TOTP secret, encrypted with the master key (base32 plaintext never stored). */
    totpSecretEnc: text('totp_secret_enc'),
    totpPendingSecretEnc: text('totp_pending_secret_enc'),
    totpEnabledAt: ts('totp_enabled_at'),
    /** The 30-second TOTP step of the last accepted code: a code of that step or earlier is refused (one-time). */
    totpLastStep: integer('totp_last_step'),
    /** argon2 hashes of unused recovery codes. */
    recoveryCodeHashes: jsonb('recovery_code_hashes').$type<string[]>().notNull().default([]),
    lastActiveAt: ts('last_active_at'),
    /** When an unverified account was last reminded to verify its address. */
    verificationRemindedAt: ts('verification_reminded_at'),
    /** "Delete my account": when it was asked for, and when the deletion job removes everything (null: none pending). */
    deletionRequestedAt: ts('deletion_requested_at'),
    deletionDueAt: ts('deletion_due_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    index('users_created_idx').on(t.createdAt, t.id),
    // The lists paged by owner name (an administrator's estates, a planner's clients, reportable estates) walk this in order.
    index('users_name_idx').on(t.name, t.id),
    // the admin's user search and audit-log actor filter, the administrator's estate search: name or
    // email contains the text (ILIKE), through trigrams (pg_trgm) instead of reading every account
    index('users_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('users_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
    // the account-deletion sweep finds the pending deletions whose grace period is over
    index('users_deletion_due_idx').on(t.deletionDueAt).where(sql`${t.deletionDueAt} IS NOT NULL`),
  ],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').$type<Role>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.role] })],
);

export const sessions = pgTable(
  'sessions',
  {
    /** sha256 of the cookie token; the token itself is never stored. */
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    csrfToken: text('csrf_token').notNull(),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    createdAt: createdAt(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    /** When the user last re-entered their password / code on this session ("Confirm it's you"). */
    confirmedAt: ts('confirmed_at'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Per-user preferences (notification toggles, planner profile, …) validated by core schemas. */
export const userSettings = pgTable('user_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
  updatedAt: updatedAt(),
});

/** Devices a user has signed in from, for login alerts ("a sign-in from a new device"). */
export const knownDevices = pgTable(
  'known_devices',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fingerprint: text('fingerprint').notNull(),
    firstSeenAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.fingerprint] })],
);
