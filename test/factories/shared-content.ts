/**
 * Fixtures for the beneficiary side: families (an owner, linked beneficiaries), letters delivered
 * the way the scheduler delivers them, inbox messages and notifications.
 */
import type { EstateStatus } from '../../src/core/lifecycle.ts';
import { RELEASE_STEPS } from '../../src/core/release.ts';
import { randomUUID } from 'node:crypto';
import { faker } from '@faker-js/faker';
import { eq } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client.ts';
import { type beneficiaries, estates } from '../../src/server/db/schema/estates.ts';
import { messages, notifications } from '../../src/server/db/schema/messages.ts';
import { insertBeneficiary, insertSupportMember } from './estates.ts';
import { insertFutureMessage, type FutureMessageOverrides } from './future-messages.ts';
import { insertUser, type InsertedUser } from './users.ts';

type BeneficiaryInsert = typeof beneficiaries.$inferInsert;
export type BeneficiaryRow = typeof beneficiaries.$inferSelect;

/** Links a user to an estate as a beneficiary (the row an accepted invitation leaves behind). */
export async function linkBeneficiary(db: Db, estateId: string, user: Pick<InsertedUser, 'id' | 'email'>, overrides: Partial<BeneficiaryInsert> = {}) {
  return insertBeneficiary(db, estateId, {
    userId: user.id,
    email: `${randomUUID().slice(0, 8)}.${user.email}`,
    invitedAt: new Date('2026-01-05T10:00:00Z'),
    acceptedAt: new Date('2026-01-06T10:00:00Z'),
    ...overrides,
  });
}

/** A beneficiary-role user (no estate of their own). */
export const insertBeneficiaryUser = (db: Db, overrides: Parameters<typeof insertUser>[1] = {}) =>
  insertUser(db, { roles: ['beneficiary'], ...overrides });

/**
 * Puts an estate in a lifecycle state directly (the lifecycle's own transitions are tested elsewhere).
 * Active means fully released (every release step done) unless `releaseStepsDone` says otherwise.
 */
export async function setEstateStatus(
  db: Db,
  estateId: string,
  status: EstateStatus,
  activatedAt: Date | null = status === 'active' ? new Date() : null,
  releaseStepsDone = status === 'active' ? RELEASE_STEPS.length : 0,
) {
  await db.update(estates).set({ status, activatedAt, releaseStepsDone }).where(eq(estates.id, estateId));
}

export interface Family {
  owner: InsertedUser;
  estateId: string;
  /** The beneficiary user and their row. */
  viewer: InsertedUser;
  viewerRow: BeneficiaryRow;
  /** A second beneficiary without an account link to the viewer. */
  sibling: BeneficiaryRow;
  planner: InsertedUser;
  plannerMemberId: string;
}

/** An owner with an estate, a linked beneficiary user (default flags), another beneficiary and a planner on the support team. */
export async function insertFamily(db: Db, options: { viewer?: InsertedUser; viewerRow?: Partial<BeneficiaryInsert> } = {}): Promise<Family> {
  const owner = await insertUser(db, { roles: ['estate-owner'] });
  const estateId = owner.estateId!;
  const viewer = options.viewer ?? (await insertBeneficiaryUser(db));
  const viewerRow = await linkBeneficiary(db, estateId, viewer, { relationship: 'Child', ...options.viewerRow });
  const sibling = await insertBeneficiary(db, estateId, { relationship: 'Child' });
  const planner = await insertUser(db, { roles: ['legacy-planner'] });
  const member = await insertSupportMember(db, estateId, { role: 'legacy-planner', userId: planner.id, name: planner.name, email: planner.email });
  return { owner, estateId, viewer, viewerRow, sibling, planner, plannerMemberId: member.id };
}

/**
 * An owner's letter delivered the way the scheduler delivers it: the future message marked
 * delivered and a new inbox thread from the owner to the recipient's account.
 */
export async function insertDeliveredLetter(
  db: Db,
  input: { estateId: string; ownerId: string; recipient: BeneficiaryRow; deliveredAt?: Date } & FutureMessageOverrides,
) {
  const { estateId, ownerId, recipient, deliveredAt = new Date(), ...overrides } = input;
  const letter = await insertFutureMessage(db, estateId, recipient.id, { status: 'delivered', deliveredAt, ...overrides });
  let threadId: string | null = null;
  if (recipient.userId) {
    threadId = randomUUID();
    await db.insert(messages).values({
      id: threadId,
      threadId,
      senderId: ownerId,
      recipientId: recipient.userId,
      estateId,
      futureMessageId: letter.id,
      subject: letter.subject,
      body: letter.body,
      createdAt: deliveredAt,
    });
  }
  return { letter, threadId };
}

/** A scheduled (not yet delivered) letter. */
export const insertScheduledLetter = (db: Db, estateId: string, recipient: BeneficiaryRow, overrides: FutureMessageOverrides = {}) =>
  insertFutureMessage(db, estateId, recipient.id, { status: 'scheduled', dueAt: new Date(Date.now() + 86_400_000), ...overrides });

/** An inbox message (a new thread unless threadId is given). */
export async function insertInboxMessage(
  db: Db,
  input: { senderId: string | null; recipientId: string; estateId?: string | null; threadId?: string; subject?: string; body?: string; createdAt?: Date; readAt?: Date | null },
) {
  const id = randomUUID();
  const [row] = await db
    .insert(messages)
    .values({
      id,
      threadId: input.threadId ?? id,
      senderId: input.senderId,
      recipientId: input.recipientId,
      estateId: input.estateId ?? null,
      subject: input.subject ?? faker.lorem.sentence({ min: 3, max: 6 }),
      body: input.body ?? faker.lorem.paragraph(),
      createdAt: input.createdAt ?? new Date(),
      readAt: input.readAt ?? null,
    })
    .returning();
  return row!;
}

/** A notification row as notify() leaves it (without going through preferences). */
export async function insertNotification(
  db: Db,
  userId: string,
  overrides: Partial<typeof notifications.$inferInsert> = {},
) {
  const createdAt = overrides.createdAt ?? new Date();
  const [row] = await db
    .insert(notifications)
    .values({
      userId,
      type: 'memory',
      message: faker.lorem.sentence(),
      fromName: faker.person.fullName(),
      createdAt,
      updatedAt: createdAt,
      ...overrides,
    })
    .returning();
  return row!;
}

