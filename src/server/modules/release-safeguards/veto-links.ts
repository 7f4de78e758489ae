import { and, eq } from 'drizzle-orm';
import { countdownWords } from '../../../core/quorum.ts';
import type { TVetoLinkPreview } from '../../../core/trustee.schemas.ts';
import type { BaseCtx } from '../../context.ts';
import { estates } from '../../db/schema/estates.ts';
import { estateReports } from '../../db/schema/lifecycle.ts';
import { users } from '../../db/schema/users.ts';
import { audit } from '../../lib/audit.ts';
import { claimLink, issueLink, linkNotValid, linkUrl, peekLink, type LinkRowOf } from '../../links/emailed-links.ts';
import { inMailTransaction } from '../../mail/mailer.ts';
import { withdrawOwnersReport } from '../../lifecycle/withdraw-owners-report.ts';
import { windowEndOf } from '../../lifecycle/release-gates.ts';

export const VETO_PAGE_PATH = '/cancel-report';

/** A new single-use cancel link for a report, mailed to its estate's owner; the token goes in the URL fragment. */
export async function issueVetoLink(ctx: Pick<BaseCtx, 'db' | 'clock' | 'config'>, ownerId: string, reportId: string): Promise<string> {
  const { token } = await issueLink(ctx, { userId: ownerId, purpose: 'report-veto', targetId: reportId });
  return linkUrl(ctx.config.publicUrl, VETO_PAGE_PATH, token);
}

/** The open report a live cancel link is for, and its owner; any other link or report state: the refusal. */
async function reportOf(ctx: BaseCtx, link: LinkRowOf<'report-veto'>) {
  const [row] = await ctx.db
    .select({ report: estateReports, ownerId: estates.ownerId, ownerName: users.name })
    .from(estateReports)
    .innerJoin(estates, eq(estates.id, estateReports.estateId))
    .innerJoin(users, eq(users.id, estates.ownerId))
    .where(and(eq(estateReports.id, link.targetId), eq(estates.ownerId, link.userId)));
  if (!row || !['open', 'verified'].includes(row.report.status)) throw linkNotValid('report-veto');
  return row;
}

/** What the cancel page shows before the button (reading it changes nothing: a mail scanner's prefetch is harmless). */
export async function previewVetoLink(ctx: BaseCtx, token: string): Promise<TVetoLinkPreview> {
  const { report, ownerName } = await reportOf(ctx, await peekLink(ctx, token, 'report-veto'));
  return {
    ownerName,
    event: report.event === 'incapacity' ? 'incapacity' : 'death',
    reporterName: report.reporterName,
    reportedAt: report.createdAt.toISOString(),
    countdown: countdownWords(await windowEndOf(ctx.db, report), ctx.clock.now()),
  };
}

/**
 * "Cancel this report" from the email, without signing in: in one transaction the link is used up
 * (two clicks at once: one wins) and the report withdrawn exactly as from the dashboard. If the
 * withdrawal is refused (the estate became active meanwhile) nothing changes and the refusal is shown.
 */
export async function cancelByVetoLink(ctx: BaseCtx, token: string): Promise<{ cancelled: true; ownerName: string }> {
  return inMailTransaction(ctx, async (tx) => {
    const { report, ownerId, ownerName } = await reportOf(tx, await claimLink(tx, token, ['report-veto']));
    await withdrawOwnersReport(tx, { id: ownerId, name: ownerName, estateId: report.estateId }, report.id);
    await audit(tx, { action: 'estate.report_vetoed_by_email', actorUserId: ownerId, estateId: report.estateId, targetType: 'estate_report', targetId: report.id });
    return { cancelled: true as const, ownerName };
  });
}
