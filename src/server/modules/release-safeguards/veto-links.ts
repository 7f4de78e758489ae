import { and, eq, gt, isNull } from 'drizzle-orm';
import { countdownWords } from '../../../core/quorum.ts';
import type { TVetoLinkPreview } from '../../../core/trustee.schemas.ts';
import { ERROR_CODES } from '../../../core/errors.ts';
import type { BaseCtx } from '../../context.ts';
import { estates } from '../../db/schema/estates.ts';
import { estateReports } from '../../db/schema/lifecycle.ts';
import { vetoLinks } from '../../db/schema/report-safeguards.ts';
import { users } from '../../db/schema/users.ts';
import { AppError } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';
import { withdrawOwnersReport } from '../../lifecycle/withdraw-owners-report.ts';
import { windowEndOf } from '../../lifecycle/release-gates.ts';

/** How long an emailed cancel link works (a new one comes with every daily reminder). */
export const VETO_LINK_HOURS = 48;
export const VETO_PAGE_PATH = '/cancel-report';

const linkNotValid = () =>
  new AppError(ERROR_CODES.notFound, 404, 'This cancel link is not valid, has expired or was already used. Sign in and choose "Cancel this report" on your dashboard.');

/** A new single-use cancel link for a report (only its sha256 is stored); the token goes in the URL fragment. */
export async function issueVetoLink(ctx: Pick<BaseCtx, 'db' | 'clock' | 'config'>, reportId: string): Promise<string> {
  const now = ctx.clock.now();
  const token = randomToken();
  await ctx.db.insert(vetoLinks).values({ reportId, tokenHash: sha256(token), expiresAt: new Date(now.getTime() + VETO_LINK_HOURS * 3_600_000), createdAt: now });
  return new URL(`${VETO_PAGE_PATH}#${token}`, ctx.config.publicUrl).toString();
}

async function liveLink(ctx: BaseCtx, token: string) {
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .select({ link: vetoLinks, report: estateReports, ownerId: estates.ownerId, ownerName: users.name })
    .from(vetoLinks)
    .innerJoin(estateReports, eq(estateReports.id, vetoLinks.reportId))
    .innerJoin(estates, eq(estates.id, estateReports.estateId))
    .innerJoin(users, eq(users.id, estates.ownerId))
    .where(and(eq(vetoLinks.tokenHash, sha256(token)), isNull(vetoLinks.usedAt), gt(vetoLinks.expiresAt, now)));
  if (!row || !['open', 'verified'].includes(row.report.status)) throw linkNotValid();
  return row;
}

/** What the cancel page shows before the button (reading it changes nothing: a mail scanner's prefetch is harmless). */
export async function previewVetoLink(ctx: BaseCtx, token: string): Promise<TVetoLinkPreview> {
  const { report, ownerName } = await liveLink(ctx, token);
  return {
    ownerName,
    event: report.event === 'incapacity' ? 'incapacity' : 'death',
    reporterName: report.reporterName,
    reportedAt: report.createdAt.toISOString(),
    countdown: countdownWords(await windowEndOf(ctx.db, report), ctx.clock.now()),
  };
}

/**
 * "Cancel this report" from the email, without signing in: the link is used up by one guarded
 * UPDATE (two clicks at once: one wins), then the report is withdrawn exactly as from the dashboard.
 * If the withdrawal is refused (the estate became active meanwhile) the link stays used and the
 * refusal is shown.
 */
export async function cancelByVetoLink(ctx: BaseCtx, token: string): Promise<{ cancelled: true; ownerName: string }> {
  const { link, report, ownerId, ownerName } = await liveLink(ctx, token);
  const now = ctx.clock.now();
  const [used] = await ctx.db
    .update(vetoLinks)
    .set({ usedAt: now })
    .where(and(eq(vetoLinks.id, link.id), isNull(vetoLinks.usedAt), gt(vetoLinks.expiresAt, now)))
    .returning({ id: vetoLinks.id });
  if (!used) throw linkNotValid();
  await withdrawOwnersReport(ctx, { id: ownerId, name: ownerName, estateId: report.estateId }, report.id);
  await audit(ctx, { action: 'estate.report_vetoed_by_email', actorUserId: ownerId, estateId: report.estateId, targetType: 'estate_report', targetId: report.id });
  return { cancelled: true, ownerName };
}
