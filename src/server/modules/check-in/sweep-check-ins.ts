import { and, eq, isNotNull, lt, lte } from 'drizzle-orm';
import { formatDueAt, nextStageAt, stageDue, stageNumber, type CheckInStage } from '../../../core/check-in.ts';
import { CHECK_IN_LINK_PAGE_PATH, checkInQuestionPath } from '../../../core/check-in.schemas.ts';
import type { BaseCtx } from '../../context.ts';
import { trusteesOf } from '../../access/trustees.ts';
import { checkInMisses, checkInSettings } from '../../db/schema/check-in.ts';
import { users } from '../../db/schema/users.ts';
import { audit } from '../../lib/audit.ts';
import { inMailTransaction } from '../../mail/mailer.ts';
import { checkInMissedMail } from '../../mail/templates/check-in-missed.ts';
import { checkInQuestionMail } from '../../mail/templates/check-in-question.ts';
import { checkInReminderMail, DUE_AHEAD, type ReminderStage } from '../../mail/templates/check-in-reminder.ts';
import { raiseAlert } from '../../lifecycle/raise-alert.ts';
import { ownerTimeZone } from '../../settings/owner-time-zone.ts';
import { notify } from '../../notices/notify.ts';
import { getSystemSettings } from '../../settings/get-system-settings.ts';
import { issueLink, linkUrl } from '../../links/emailed-links.ts';
import type { CheckInRow } from '../../settings/check-in-period.ts';

const BATCH = 50;

type Tx = BaseCtx;
type Owner = { id: string; name: string; email: string };

/**
 * The check-in job (every 15 minutes): for each owner whose next stage has come, send the latest
 * one only — a reminder a month, a week or a day before the due time, or, once it has passed, the
 * miss (trustees asked, administrator alerted; nothing released). Each send is claimed with a
 * guarded UPDATE on (due_at, stage_sent < stage) with its mail queued in the same transaction, so a
 * second run, a run at the same moment, or a run after a missed day never sends a stage twice,
 * and a run after a missed day skips the reminders it overtook.
 */
export async function sweepCheckIns(ctx: BaseCtx): Promise<{ reminded: number; missed: number }> {
  const result = { reminded: 0, missed: 0 };
  for (;;) {
    const handled = await inMailTransaction(ctx, async (tx) => {
      const now = tx.clock.now();
      const batch = await tx.db
        .select()
        .from(checkInSettings)
        .where(and(isNotNull(checkInSettings.months), lte(checkInSettings.nextStageAt, now)))
        .orderBy(checkInSettings.nextStageAt)
        .limit(BATCH)
        .for('update', { skipLocked: true });
      for (const row of batch) {
        const stage = await sendStage(tx, row, now);
        if (stage === 'missed') result.missed += 1;
        else if (stage) result.reminded += 1;
      }
      return batch.length;
    });
    if (handled < BATCH) return result;
  }
}

async function sendStage(tx: Tx, row: CheckInRow, now: Date): Promise<CheckInStage | null> {
  const timeZone = await ownerTimeZone(tx.db, row.estateId);
  const stage = row.dueAt ? stageDue(row.periodStart, row.dueAt, row.stageSent, now, timeZone) : null;
  if (!row.dueAt || !stage) {
    // Nothing new (the stored next time was stale): move the row's next time on.
    const next = row.dueAt ? nextStageAt(row.periodStart, row.dueAt, row.stageSent, timeZone) : null;
    await tx.db.update(checkInSettings).set({ nextStageAt: next }).where(eq(checkInSettings.estateId, row.estateId));
    return null;
  }
  const n = stageNumber(stage);
  const [won] = await tx.db
    .update(checkInSettings)
    .set({ stageSent: n, nextStageAt: nextStageAt(row.periodStart, row.dueAt, n, timeZone) })
    .where(and(eq(checkInSettings.estateId, row.estateId), eq(checkInSettings.dueAt, row.dueAt), lt(checkInSettings.stageSent, n)))
    .returning();
  if (!won) return null;
  const [owner] = await tx.db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(eq(users.id, row.userId));
  if (!owner) return null;
  const due = formatDueAt(row.dueAt, timeZone);
  // Every stage's email carries a fresh one-click link (the earlier one stops working).
  const { token } = await issueLink(tx, { userId: row.userId, purpose: 'check-in' });
  const url = linkUrl(tx.config.publicUrl, CHECK_IN_LINK_PAGE_PATH, token);
  const key = `check-in.${row.estateId}.${row.dueAt.toISOString()}.${stage}`;
  if (stage === 'missed') await askTrustees(tx, row, owner, due, url, key, now);
  else await remindOwner(tx, row, owner, stage, due, url, key);
  return stage;
}

async function remindOwner(tx: Tx, row: CheckInRow, owner: Owner, stage: ReminderStage, due: string, url: string, key: string) {
  const { systemName } = await getSystemSettings(tx.db);
  await tx.mailer.send({ to: owner.email, ...checkInReminderMail({ systemName, name: owner.name, stage, due, link: url }) }, { db: tx.db, idempotencyKey: key });
  await notify(tx, { userId: owner.id, type: 'estate', message: `Your check-in is due ${DUE_AHEAD[stage]} (by ${due}). Press "I'm here" on your dashboard.`, link: '/estate-owner', send: false });
  await audit(tx, { action: 'check_in.reminded', actorUserId: null, estateId: row.estateId, details: { stage } });
}

/**
 * The period ran out: nothing is released. Each trustee is asked "Is <owner> all right?" (in-app and
 * by email, answered on a page), the estate administrator gets an alert, and the owner is told.
 * With no trustee named, only the alert (and the owner's own email) goes out.
 */
async function askTrustees(tx: Tx, row: CheckInRow, owner: Owner, due: string, url: string, key: string, now: Date) {
  const { systemName } = await getSystemSettings(tx.db);
  const [miss] = await tx.db
    .insert(checkInMisses)
    .values({ estateId: row.estateId, dueAt: row.dueAt!, askedAt: now })
    .onConflictDoNothing()
    .returning();
  if (!miss) return;
  const trustees = await trusteesOf(tx.db, row.estateId);
  const question = new URL(checkInQuestionPath(miss.id), tx.config.publicUrl).toString();
  for (const trustee of trustees) {
    await tx.mailer.send(
      { to: trustee.email, ...checkInQuestionMail({ systemName, name: trustee.name, ownerName: owner.name, due, link: question }) },
      { db: tx.db, idempotencyKey: `${key}.${trustee.userId}` },
    );
    await notify(tx, { userId: trustee.userId, type: 'estate', message: `Is ${owner.name} all right? They have not checked in since ${due}.`, link: checkInQuestionPath(miss.id), send: false });
  }
  await raiseAlert(tx, {
    estateId: row.estateId,
    type: 'security',
    priority: 'high',
    message: `${owner.name} missed their check-in (due ${due}). ${trustees.length ? `${trustees.length} trustee(s) were asked whether they are all right.` : 'They have named no trustee.'} Nothing was released.`,
    dedupeKey: `check-in-missed:${row.estateId}:${row.dueAt!.toISOString()}`,
  });
  await tx.mailer.send(
    { to: owner.email, ...checkInMissedMail({ systemName, name: owner.name, due, trusteesAsked: trustees.length > 0, link: url }) },
    { db: tx.db, idempotencyKey: key },
  );
  await audit(tx, { action: 'check_in.missed', actorUserId: null, estateId: row.estateId, targetType: 'check_in_miss', targetId: miss.id, details: { trustees: trustees.length } });
}
