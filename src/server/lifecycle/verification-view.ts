import { desc, eq, type SQL } from 'drizzle-orm';
import { VERIFICATION_TIMEOUT_MS, type TVerificationItem } from '../../core/lifecycle.schemas.ts';
import type { Db } from '../db/client.ts';
import { estates } from '../db/schema/estates.ts';
import { estateReports, verificationItems } from '../db/schema/lifecycle.ts';
import { users } from '../db/schema/users.ts';
import { cursorTime } from '../lib/keyset.ts';
import { proofLabel } from './report-view.ts';

export const VERIFICATION_PAGE_SIZE = 25;

/** Verification items with their estate's owner and report, newest first, `where` deciding which. */
export async function verificationRows(db: Db, where: SQL, limit = VERIFICATION_PAGE_SIZE + 1) {
  return db
    .select({ item: verificationItems, report: estateReports, ownerName: users.name, cursorAt: cursorTime(verificationItems.submittedAt) })
    .from(verificationItems)
    .innerJoin(estateReports, eq(estateReports.id, verificationItems.reportId))
    .innerJoin(estates, eq(estates.id, verificationItems.estateId))
    .innerJoin(users, eq(users.id, estates.ownerId))
    .where(where)
    .orderBy(desc(verificationItems.submittedAt), desc(verificationItems.id))
    .limit(limit);
}

type Row = Awaited<ReturnType<typeof verificationRows>>[number];

export const cursorOf = (row: Row) => [row.cursorAt, row.item.id];

/** priority: completed once reviewed or settled; high when pending past the timeout; medium otherwise. */
export function toVerificationItem(row: Row, now: Date, timeout: keyof typeof VERIFICATION_TIMEOUT_MS, cannotReview: string | null): TVerificationItem {
  const { item, report } = row;
  const overdue = now.getTime() - item.submittedAt.getTime() > VERIFICATION_TIMEOUT_MS[timeout];
  return {
    id: item.id,
    estateId: item.estateId,
    estateName: `${row.ownerName}`,
    documentType: item.documentType,
    documentLabel: proofLabel(item.documentType),
    submittedBy: report.reporterName,
    relationship: report.relationship,
    submittedDate: item.submittedAt.toISOString(),
    status: item.status as TVerificationItem['status'],
    verifiedDate: item.status === 'not_needed' ? null : (item.reviewedAt?.toISOString() ?? null),
    rejectionReason: item.rejectionReason,
    priority: item.status !== 'pending' ? 'completed' : overdue ? 'high' : 'medium',
    cannotReview,
  };
}
