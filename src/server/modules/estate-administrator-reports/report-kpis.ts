import { and, count, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import type { TReportKpis } from '../../../core/estate-administrator-reports.schemas.ts';
import type { Ctx } from '../../context.ts';
import { estates } from '../../db/schema/estates.ts';
import { estateReports, verificationItems } from '../../db/schema/lifecycle.ts';
import { auditLog } from '../../db/schema/system.ts';
import { administersSql } from '../../access/estate-roles.ts';
import { inRange, type ReportRange } from '../../lib/report-range.ts';
import { hoursBetween, roundHours } from '../../lib/report-table.ts';

/** The audit action of a beneficiary's shared-file download (shared-content/download-shared-file.ts). */
export const SHARED_FILE_DOWNLOADED = 'shared_file.downloaded';

/**
 * The six KPI tiles over the range (ADR 0020), each one aggregate query scoped by administersSql:
 * the administered estates now; reports created; proofs reviewed (verified or rejected) and their
 * mean hours from submission to review; estates whose activatedAt falls in the range; and shared-file
 * downloads on an estate at or after its activation.
 */
export async function reportKpis(ctx: Ctx, range: ReportRange): Promise<TReportKpis> {
  const { db } = ctx;
  const me = ctx.actor.userId;
  const [[estatesRow], [reportsRow], [reviewsRow], [activationsRow], [downloadsRow]] = await Promise.all([
    db.select({ n: count() }).from(estates).where(administersSql(db, me, estates.id)),
    db
      .select({ n: count() })
      .from(estateReports)
      .where(and(administersSql(db, me, estateReports.estateId), inRange(estateReports.createdAt, range))),
    db
      .select({ n: count(), hours: sql<string | null>`avg(${hoursBetween(verificationItems.submittedAt, verificationItems.reviewedAt)})` })
      .from(verificationItems)
      .where(
        and(
          administersSql(db, me, verificationItems.estateId),
          inArray(verificationItems.status, ['verified', 'rejected']),
          isNotNull(verificationItems.reviewedAt),
          inRange(verificationItems.reviewedAt, range),
        ),
      ),
    db
      .select({ n: count() })
      .from(estates)
      .where(and(administersSql(db, me, estates.id), isNotNull(estates.activatedAt), inRange(estates.activatedAt, range))),
    db
      .select({ n: count() })
      .from(auditLog)
      .innerJoin(estates, eq(estates.id, auditLog.estateId))
      .where(
        and(
          eq(auditLog.action, SHARED_FILE_DOWNLOADED),
          administersSql(db, me, estates.id),
          inRange(auditLog.at, range),
          isNotNull(estates.activatedAt),
          gte(auditLog.at, estates.activatedAt),
        ),
      ),
  ]);
  return {
    estatesAdministered: estatesRow?.n ?? 0,
    reportsReceived: reportsRow?.n ?? 0,
    verificationsCompleted: reviewsRow?.n ?? 0,
    averageHoursToVerify: roundHours(reviewsRow?.hours ?? null),
    activations: activationsRow?.n ?? 0,
    beneficiaryDownloadsAfterActivation: downloadsRow?.n ?? 0,
  };
}
