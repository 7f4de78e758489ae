import { and, eq, isNull, lt, lte } from 'drizzle-orm';
import { VERIFICATION_TIMEOUT_MS } from '../../core/lifecycle.schemas.ts';
import { todayIn } from '../../core/delivery-rules.ts';
import { releaseStepsDue, RELEASE_STEPS } from '../../core/release.ts';
import type { JobCtx } from '../jobs/job.ts';
import { estates } from '../db/schema/estates.ts';
import { estateReports, verificationItems } from '../db/schema/lifecycle.ts';
import { users } from '../db/schema/users.ts';
import { administratorsOf } from '../access/estate-roles.ts';
import { inMailTransaction } from '../mail/mailer.ts';
import { notifyEstateStatusChanged } from '../notices/notify-estate-status.ts';
import { getSystemSettings } from '../settings/get-system-settings.ts';
import { verificationRulesOf } from '../settings/estate-administrator-settings.ts';
import { overdueProofAlertKey } from './leftover-proofs.ts';
import { raiseAlert } from './raise-alert.ts';
import { proofLabel } from './report-view.ts';
import { announceTransition, applyTransition } from './transition-estate.ts';

const SHORTEST_TIMEOUT_MS = Math.min(...Object.values(VERIFICATION_TIMEOUT_MS));

/**
 * The three timed parts of the lifecycle. Idempotent: alerts are deduplicated, transitions guarded;
 * each change commits with its notices (ADR 0077).
 */
export async function sweepEstateLifecycle(ctx: JobCtx): Promise<{ overdue: number; activated: number; released: number }> {
  return { overdue: await alertOverdueProofs(ctx), activated: await activateOnDate(ctx), released: await openReleaseSteps(ctx) };
}

async function alertOverdueProofs(ctx: JobCtx): Promise<number> {
  const now = ctx.clock.now();
  const candidates = await ctx.db
    .select({ item: verificationItems, ownerName: users.name })
    .from(verificationItems)
    // Only proofs of a report still open wait for anyone (ADR 0078): a closed report's are settled.
    .innerJoin(estateReports, and(eq(estateReports.id, verificationItems.reportId), eq(estateReports.status, 'open')))
    .innerJoin(estates, eq(estates.id, verificationItems.estateId))
    .innerJoin(users, eq(users.id, estates.ownerId))
    .where(
      and(
        eq(verificationItems.status, 'pending'),
        isNull(verificationItems.timeoutAlertedAt),
        lt(verificationItems.submittedAt, new Date(now.getTime() - SHORTEST_TIMEOUT_MS)),
      ),
    );
  let raised = 0;
  for (const { item, ownerName } of candidates) {
    const rules = await verificationRulesOf(ctx, await administratorsOf(ctx.db, item.estateId));
    if (now.getTime() - item.submittedAt.getTime() <= VERIFICATION_TIMEOUT_MS[rules.verificationTimeout]) continue;
    const alerted = await inMailTransaction(ctx, async (tx) => {
      const [claimed] = await tx.db
        .update(verificationItems)
        .set({ timeoutAlertedAt: now })
        .where(and(eq(verificationItems.id, item.id), isNull(verificationItems.timeoutAlertedAt)))
        .returning({ id: verificationItems.id });
      if (!claimed) return false;
      await raiseAlert(tx, {
        estateId: item.estateId,
        type: 'verification',
        priority: 'high',
        message: `The ${proofLabel(item.documentType)} for ${ownerName}'s estate has waited longer than the verification timeout.`,
        dedupeKey: overdueProofAlertKey(item.id),
      });
      return true;
    });
    if (alerted) raised++;
  }
  return raised;
}

async function activateOnDate(ctx: JobCtx): Promise<number> {
  const { defaultTimeZone } = await getSystemSettings(ctx.db);
  const today = todayIn(ctx.clock.now(), defaultTimeZone);
  const due = await ctx.db
    .select({ id: estates.id })
    .from(estates)
    .where(and(eq(estates.status, 'activation_pending'), eq(estates.activationCondition, 'specific_date'), lte(estates.activationDate, today)));
  let activated = 0;
  for (const { id } of due) {
    try {
      await inMailTransaction(ctx, async (tx) => announceTransition(tx, await applyTransition(tx.db, ctx, id, 'activated')));
      activated++;
    } catch {
      // moved by someone else meanwhile (withdrawn, or activated): nothing to do
    }
  }
  return activated;
}

async function openReleaseSteps(ctx: JobCtx): Promise<number> {
  const now = ctx.clock.now();
  const active = await ctx.db
    .select()
    .from(estates)
    .where(and(eq(estates.status, 'active'), lt(estates.releaseStepsDone, RELEASE_STEPS.length)));
  let released = 0;
  for (const estate of active) {
    if (!estate.activatedAt) continue;
    const due = releaseStepsDue(estate.releaseSchedule, estate.activatedAt, estate.releaseDates, now);
    if (due <= estate.releaseStepsDone) continue;
    const moved = await inMailTransaction(ctx, async (tx) => {
      const [row] = await tx.db
        .update(estates)
        .set({ releaseStepsDone: due, updatedAt: now })
        .where(and(eq(estates.id, estate.id), eq(estates.releaseStepsDone, estate.releaseStepsDone), eq(estates.status, 'active')))
        .returning({ id: estates.id });
      if (row) await notifyEstateStatusChanged(tx, estate.id);
      return row !== undefined;
    });
    if (moved) released++;
  }
  return released;
}
