import { and, eq, gt, inArray, isNull, lt, or } from 'drizzle-orm';
import { todayIn } from '../../../core/delivery-rules.ts';
import { countdownWords } from '../../../core/quorum.ts';
import type { BaseCtx } from '../../context.ts';
import { estates } from '../../db/schema/estates.ts';
import { estateReports } from '../../db/schema/lifecycle.ts';
import { reportSafeguards } from '../../db/schema/report-safeguards.ts';
import { inMailTransaction } from '../../mail/mailer.ts';
import { vetoReminderNotice } from '../../mail/templates/veto-reminder.ts';
import { getSystemSettings } from '../../settings/get-system-settings.ts';
import { tell } from '../../safeguards/tell.ts';
import { issueVetoLink } from './veto-links.ts';

/**
 * The owner's veto reminder for one report, at most once per calendar day (system time zone): the
 * day is claimed with a guarded UPDATE (owner_reminded_on before today), so a job run twice, or late
 * after a missed day, sends exactly one for today and none for the days missed. Each carries a fresh
 * single-use cancel link. The claim, the link and the notice commit together (ADR 0077). Returns
 * true when it was sent.
 */
export async function remindOwnerOfReport(ctx: BaseCtx, reportId: string): Promise<boolean> {
  const now = ctx.clock.now();
  return inMailTransaction(ctx, async (tx) => {
    const { defaultTimeZone } = await getSystemSettings(tx.db);
    const today = todayIn(now, defaultTimeZone);
    const [claimed] = await tx.db
      .update(reportSafeguards)
      .set({ ownerRemindedOn: today })
      .where(and(eq(reportSafeguards.reportId, reportId), gt(reportSafeguards.windowEndsAt, now), or(isNull(reportSafeguards.ownerRemindedOn), lt(reportSafeguards.ownerRemindedOn, today))))
      .returning();
    if (!claimed) return false;
    const [row] = await tx.db
      .select({ report: estateReports, ownerId: estates.ownerId })
      .from(estateReports)
      .innerJoin(estates, eq(estates.id, estateReports.estateId))
      .where(and(eq(estateReports.id, reportId), inArray(estateReports.status, ['open', 'verified'])));
    if (!row) return false;
    const url = await issueVetoLink(tx, row.ownerId, reportId);
    const what = row.report.event === 'incapacity' ? 'incapacity' : 'passing';
    await tell(tx, row.ownerId, {
      words: (to) =>
        vetoReminderNotice({ ...to, reporterName: row.report.reporterName, relationship: row.report.relationship, what, countdown: countdownWords(claimed.windowEndsAt, now) }),
      link: '/estate-owner',
      url,
      idempotencyKey: `veto-reminder:${reportId}:${today}`,
    });
    return true;
  });
}

/** Every report whose veto window is running and whose owner was not reminded today. */
export async function remindOwnersOfReports(ctx: BaseCtx): Promise<number> {
  const now = ctx.clock.now();
  const due = await ctx.db
    .select({ reportId: reportSafeguards.reportId })
    .from(reportSafeguards)
    .innerJoin(estateReports, eq(estateReports.id, reportSafeguards.reportId))
    .where(and(gt(reportSafeguards.windowEndsAt, now), inArray(estateReports.status, ['open', 'verified'])));
  let sent = 0;
  for (const { reportId } of due) if (await remindOwnerOfReport(ctx, reportId)) sent++;
  return sent;
}
