import { eq, sql, type SQL } from 'drizzle-orm';
import { MAX_BENEFICIARIES } from '../../core/constants.ts';
import type { Release, TShareAudienceMember, TShareRequest, TShareState } from '../../core/sharing.schemas.ts';
import { viewersOf } from './policy.ts';
import type { Ctx } from '../context.ts';
import type { Db } from '../db/client.ts';
import { beneficiaries, beneficiaryName, estates } from '../db/schema/estates.ts';
import { badRequest } from '../lib/app-error.ts';
import { audit } from '../lib/audit.ts';
import { notify } from '../notices/notify.ts';
import { inMailTransaction } from '../mail/mailer.ts';
import { subselect } from '../lib/child-rows.ts';

/**
 * The owner's beneficiaries in name order, as share-picker entries in JSON: the people an item can be
 * shared with, the whole set in every share picker. Bounded by MAX_BENEFICIARIES, enforced on
 * create (ADR 0065). Select it beside other figures, or read it alone with loadAudience.
 */
export const audienceSql = (estateId: string): SQL<TShareAudienceMember[]> =>
  subselect(sql<TShareAudienceMember[]>`coalesce((select json_agg(json_build_object('id', b.id, 'name', trim(b.name), 'relationship', b.relationship) order by b.position)
    from (select ${beneficiaries.id} as id, ${beneficiaryName()} as name, ${beneficiaries.relationship} as relationship,
            row_number() over (order by ${beneficiaryName()}, ${beneficiaries.id}) as position
          from ${beneficiaries} where ${beneficiaries.estateId} = ${estateId}
          order by position limit ${MAX_BENEFICIARIES}) b), '[]'::json)`);

/** The owner's beneficiaries (audienceSql) in a statement of their own. */
export async function loadAudience(ctx: Pick<Ctx, 'db'>, estateId: string): Promise<TShareAudienceMember[]> {
  const [row] = await ctx.db.select({ audience: audienceSql(estateId) }).from(estates).where(eq(estates.id, estateId));
  return row?.audience ?? [];
}

/**
 * How many beneficiaries the owner has ("Shared with N" of an item shared with all), to select
 * beside an item: PostgreSQL counts once per statement, not per row.
 */
export const audienceSizeSql = (estateId: string): SQL<number> =>
  subselect(sql<number>`(select count(*) from ${beneficiaries} where ${beneficiaries.estateId} = ${estateId})`).mapWith(Number);

/** Who an item is shared with, in the owner's words ("Shared with N": everyone when shared with all). */
export function shareState(item: { shareAll: boolean; release: string }, beneficiaryIds: string[], audienceSize: number): TShareState {
  return {
    all: item.shareAll,
    beneficiaryIds: item.shareAll ? [] : beneficiaryIds,
    release: item.release as Release,
    count: item.shareAll ? audienceSize : beneficiaryIds.length,
  };
}

export interface ShareSpec {
  category: 'memory' | 'document';
  itemId: string;
  title: string;
  estateId: string;
  /** Writes the new share columns and rows; runs inside the share transaction. */
  write: (tx: Db, share: { all: boolean; beneficiaryIds: string[]; release: Release }) => Promise<void>;
}

/**
 * Replaces who an item is shared with in one transaction, and in it (ADR 0077) tells each beneficiary with an
 * account who can newly see it now. "Can see now" is the access policy's answer (shared, the
 * category's flag on, released — an after-activation item in an active estate is released), asked
 * just before and just after the write inside the same transaction.
 */
export async function applyShare(ctx: Ctx, spec: ShareSpec, input: TShareRequest): Promise<void> {
  const audience = await loadAudience(ctx, spec.estateId);
  const known = new Set(audience.map((b) => b.id));
  const requested = [...new Set(input.beneficiaryIds)];
  const unknown = input.all ? [] : requested.filter((id) => !known.has(id));
  if (unknown.length) throw badRequest('Choose people from your beneficiaries.', { beneficiaryIds: 'Not one of your beneficiaries' });
  const next = { all: input.all, beneficiaryIds: input.all ? [] : requested, release: input.release };

  const item = { kind: spec.category, id: spec.itemId };
  await inMailTransaction(ctx, async (tx) => {
    const before = new Set(await viewersOf(tx.db, item));
    await spec.write(tx.db, next);
    const newlySeeing = (await viewersOf(tx.db, item)).filter((userId) => !before.has(userId));
    const owner = ctx.actor.name;
    for (const userId of newlySeeing) {
      await notify(tx, {
        userId,
        type: spec.category,
        message:
          spec.category === 'memory'
            ? `${owner} shared a memory with you: ${spec.title}`
            : `${owner} shared a document with you: ${spec.title}`,
        fromName: owner,
        link: spec.category === 'memory' ? '/beneficiary/memories' : '/beneficiary/documents',
      });
    }
    await audit(tx, {
      action: `${spec.category}.shared`,
      targetType: spec.category,
      targetId: spec.itemId,
      details: { all: next.all, beneficiaries: next.beneficiaryIds.length, release: next.release },
    });
  });
}
