import { and, count, eq } from 'drizzle-orm';
import type { TVerificationItem, TVerificationPage } from '../../core/lifecycle.schemas.ts';
import type { CursorOf } from '../../core/keyset.schemas.ts';
import type { Ctx } from '../context.ts';
import { verificationItems } from '../db/schema/lifecycle.ts';
import { administersSql } from '../access/estate-roles.ts';
import { verifyRefusals } from '../access/report-duties.ts';
import { afterCursor, descending, keysetPage } from '../lib/keyset.ts';
import { loadEstateAdministratorSettings } from '../settings/estate-administrator-settings.ts';
import { cursorOf, toVerificationItem, VERIFICATION_PAGE_SIZE, verificationRows } from './verification-view.ts';

/** The administrator's verification items (only estates they administer), paged newest first, with counts. */
export async function listVerifications(
  ctx: Ctx,
  query: { status?: TVerificationItem['status'] | undefined; estateId?: string | undefined; cursor?: CursorOf<['instant', 'id']> | undefined },
): Promise<TVerificationPage> {
  const mine = administersSql(ctx.db, ctx.actor.userId, verificationItems.estateId);
  const scope = and(mine, query.estateId ? eq(verificationItems.estateId, query.estateId) : undefined)!;
  const rows = await verificationRows(
    ctx.db,
    and(scope, query.status ? eq(verificationItems.status, query.status) : undefined, afterCursor(descending(verificationItems.submittedAt, verificationItems.id), query.cursor))!,
  );
  const counted = await ctx.db
    .select({ status: verificationItems.status, n: count() })
    .from(verificationItems)
    .where(scope)
    .groupBy(verificationItems.status);
  const n = (s: string) => counted.find((c) => c.status === s)?.n ?? 0;
  const { verificationTimeout } = await loadEstateAdministratorSettings(ctx.db, ctx.actor.userId);
  const { page, nextCursor } = keysetPage(rows, VERIFICATION_PAGE_SIZE, cursorOf);
  const refusals = await verifyRefusals(ctx.db, ctx.actor.userId, page.map((r) => ({ ...r.item, report: r.report })));
  const now = ctx.clock.now();
  return {
    items: page.map((r) => toVerificationItem(r, now, verificationTimeout, refusals.get(r.item.id) ?? null)),
    nextCursor,
    counts: { pending: n('pending'), verified: n('verified'), rejected: n('rejected') },
  };
}
