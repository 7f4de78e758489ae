import { and, eq, isNotNull, lte, sql } from 'drizzle-orm';
import type { BaseCtx } from '../../context.ts';
import { adminAlerts } from '../../db/schema/admin.ts';
import { beneficiaries, estates } from '../../db/schema/estates.ts';
import { auditLog, outboxEmails } from '../../db/schema/system.ts';
import { users } from '../../db/schema/users.ts';
import { allowLongStatements, LONG_WORK_STATEMENT_MS } from '../../db/statement-timeout.ts';
import { audit } from '../../lib/audit.ts';
import { inMailTransaction } from '../../mail/mailer.ts';
import { accountClosedMail } from '../../mail/templates/account-closed.ts';
import { accountDeletedMail } from '../../mail/templates/account-deleted.ts';
import { blobKeysOfEstates, deleteBlobs } from '../../storage/stored-files.ts';
import { getSystemSettings } from '../../settings/get-system-settings.ts';

/** A run that crashed half-way leaves its claim; the next run after this long finishes the deletion. */
const RETRY_AFTER_MS = 60 * 60_000;
/** At most this many accounts per run (the sweep runs every 15 minutes). */
const BATCH = 20;

/**
 * The account-deletion sweep: every account whose grace period is over (by ctx.clock) is removed
 * with its estate. Safe to run twice at once: each account is claimed by one guarded UPDATE.
 */
export async function deleteDueAccounts(ctx: BaseCtx): Promise<{ deleted: number }> {
  const now = ctx.clock.now();
  const due = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(isNotNull(users.deletionDueAt), lte(users.deletionDueAt, now)))
    .orderBy(users.deletionDueAt)
    .limit(BATCH);
  let deleted = 0;
  for (const { id } of due) if (await deleteAccount(ctx, id)) deleted++;
  return { deleted };
}

/**
 * Remove one account whose deletion is due: every blob of the estate's files first (so a crash
 * never leaves blobs without rows to find them by), then in one transaction the account (the
 * estate and all its rows go with it by cascade), its audit trail and the alerts and mail about it,
 * leaving one anonymised audit entry; the beneficiaries and the user are told by email.
 */
export async function deleteAccount(ctx: BaseCtx, userId: string): Promise<boolean> {
  const now = ctx.clock.now();
  // The claim: the user can no longer sign in (status), and a parallel run finds nothing due.
  const [user] = await ctx.db
    .update(users)
    .set({ status: 'deleting', deletionDueAt: new Date(now.getTime() + RETRY_AFTER_MS) })
    .where(and(eq(users.id, userId), lte(users.deletionDueAt, now)))
    .returning();
  if (!user) return false;
  const [estate] = await ctx.db.select({ id: estates.id }).from(estates).where(eq(estates.ownerId, user.id));
  const estateId = estate?.id ?? null;

  const blobs = estateId ? await blobKeysOfEstates(ctx.db, [estateId]) : [];
  if (estateId) for await (const object of ctx.files.list(`estates/${estateId}/`)) blobs.push(object.key);
  const uniqueBlobs = [...new Set(blobs)];
  await deleteBlobs(ctx, uniqueBlobs);

  const told = estateId
    ? await ctx.db
        .selectDistinct({ email: beneficiaries.email, firstName: beneficiaries.firstName })
        .from(beneficiaries)
        .where(eq(beneficiaries.estateId, estateId))
    : [];
  const { systemName } = await getSystemSettings(ctx.db);
  await inMailTransaction(ctx, async (tx) => {
    // A whole estate goes by cascade in one statement: more than a request's statement may take.
    await allowLongStatements(tx.db, LONG_WORK_STATEMENT_MS);
    // The estate's own audit chain goes with the estate; rows they left in other chains keep their
    // place and hash with the personal fields erased (ADR 0045: a deleted row would break that chain).
    if (estateId) await tx.db.delete(auditLog).where(eq(auditLog.estateId, estateId));
    await tx.db.update(auditLog).set({ actorUserId: null, ip: '', userAgent: '', details: {}, erased: true }).where(eq(auditLog.actorUserId, user.id));
    await tx.db.delete(adminAlerts).where(sql`${adminAlerts.details}->>'userId' = ${user.id}`);
    await tx.db.delete(outboxEmails).where(eq(outboxEmails.to, user.email));
    await tx.db.delete(users).where(eq(users.id, user.id));
    // What stays: that an account was deleted, when, and how much went — no id, name or address.
    await audit(tx, {
      action: 'account.deleted',
      actorUserId: null,
      estateId: null,
      details: {
        requestedOn: user.deletionRequestedAt?.toISOString().slice(0, 10) ?? null,
        hadEstate: estateId !== null,
        files: uniqueBlobs.length,
        beneficiariesTold: told.length,
      },
    });
    for (const b of told) {
      await tx.mailer.send({ to: b.email, ...accountClosedMail({ systemName, name: b.firstName, ownerName: user.name }) }, { db: tx.db });
    }
    await tx.mailer.send({ to: user.email, ...accountDeletedMail({ systemName, name: user.name, beneficiariesTold: told.length }) }, { db: tx.db });
  });
  return true;
}
