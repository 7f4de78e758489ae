import { and, eq, sql, type Placeholder } from 'drizzle-orm';
import { ownerRelationshipLabel } from '../../../core/shared-content.schemas.ts';
import type { ESTATE_STATUS_LABELS } from '../../../core/constants.ts';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { preparedQuery } from '../../db/prepared-query.ts';
import { beneficiaries, estates, ownerNameSql } from '../../db/schema/estates.ts';
import { users } from '../../db/schema/users.ts';
import { sharedCountsSql } from './shared-counts.ts';
import { personOf } from './shared-views.ts';

export type EstateStatus = keyof typeof ESTATE_STATUS_LABELS;

/** The viewer's beneficiary rows (one estate's, or all) with the estate, its owner and the live counts. */
const linkedEstatesQuery = (db: Db, viewer: string | Placeholder, estateId?: string) =>
  db
    .select({ beneficiary: beneficiaries, estate: estates, owner: { name: ownerNameSql(), lastActiveAt: users.lastActiveAt }, counts: sharedCountsSql(db, viewer) })
    .from(beneficiaries)
    .innerJoin(estates, eq(estates.id, beneficiaries.estateId))
    .innerJoin(users, eq(users.id, estates.ownerId))
    .where(and(eq(beneficiaries.userId, viewer), estateId ? eq(beneficiaries.estateId, estateId) : undefined))
    .orderBy(beneficiaries.createdAt);

/** All of them, for the home on every visit: its policy-heavy SQL is built once, not per request (prepared-query.ts). */
const allLinkedEstates = preparedQuery((db) => linkedEstatesQuery(db, sql.placeholder('viewer')).prepare('heirloom_linked_estates'));

/**
 * The estates the viewer is a beneficiary of (linked by user id), with the owner, the viewer's row
 * and the live counts of what they may see there, in one statement.
 */
export async function loadLinkedEstates(ctx: Ctx, estateId?: string) {
  const rows = estateId ? await linkedEstatesQuery(ctx.db, ctx.actor.userId, estateId) : await allLinkedEstates(ctx.db).execute({ viewer: ctx.actor.userId });
  // One entry per estate (a user linked twice to one estate sees it once).
  const seen = new Set<string>();
  return rows
    .filter((r) => (seen.has(r.estate.id) ? false : (seen.add(r.estate.id), true)))
    .map((r) => ({
      estateId: r.estate.id,
      status: r.estate.status as EstateStatus,
      activatedAt: r.estate.activatedAt,
      owner: personOf(r.owner.name),
      ownerLastActiveAt: r.owner.lastActiveAt,
      relationship: ownerRelationshipLabel(r.beneficiary.relationship),
      counts: r.counts,
      access: {
        memories: r.beneficiary.accessMemories,
        documents: r.beneficiary.accessDocuments,
        messages: r.beneficiary.accessMessages,
        beneficiaries: r.beneficiary.accessBeneficiaries,
        digitalLegacy: r.beneficiary.accessDigitalLegacy,
      },
    }));
}
