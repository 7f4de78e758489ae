import { and, asc, eq, inArray } from 'drizzle-orm';
import { INCAPACITY_CATEGORIES, type IncapacityCategory, type TIncapacitySettings, type TSetIncapacityGrants } from '../../core/incapacity.schemas.ts';
import { isEstateStatus } from '../../core/lifecycle.ts';
import type { Ctx } from '../context.ts';
import { inTransaction, type Db } from '../db/client.ts';
import { beneficiaries, estates } from '../db/schema/estates.ts';
import { incapacityGrants } from '../db/schema/incapacity.ts';
import { users } from '../db/schema/users.ts';
import { badRequest, notFound } from '../lib/app-error.ts';
import { audit } from '../lib/audit.ts';
import { ownEstateId } from '../lib/scope.ts';

const isCategory = (c: string): c is IncapacityCategory => (INCAPACITY_CATEGORIES as readonly string[]).includes(c);

/** The owner's incapacity-mode choices: every beneficiary of their estate, with the categories chosen for them. */
export async function getIncapacitySettings(ctx: Ctx): Promise<TIncapacitySettings> {
  const estateId = ownEstateId(ctx, 'Your estate');
  const [[estate], people, grants] = await Promise.all([
    ctx.db.select({ status: estates.status }).from(estates).where(eq(estates.id, estateId)),
    ctx.db
      .select()
      .from(beneficiaries)
      .where(eq(beneficiaries.estateId, estateId))
      .orderBy(asc(beneficiaries.firstName), asc(beneficiaries.id))
      // an estate's beneficiaries are few (the owner adds them one by one); bounded all the same
      .limit(500),
    ctx.db.select().from(incapacityGrants).where(eq(incapacityGrants.estateId, estateId)),
  ]);
  if (!estate) throw notFound('Your estate');
  return {
    status: isEstateStatus(estate.status) ? estate.status : 'planning',
    people: people.map((b) => ({
      beneficiaryId: b.id,
      name: `${b.firstName} ${b.lastName}`.trim(),
      relationship: b.relationship,
      linked: Boolean(b.userId),
      categories: INCAPACITY_CATEGORIES.filter((c) => grants.some((g) => g.beneficiaryId === b.id && g.category === c)),
    })),
  };
}

/**
 * Replace the owner's choices. Each person must be a beneficiary of the owner's own estate (another
 * estate's id: 404) with an account (they sign in to read: 400 otherwise). A person with no category
 * is simply not chosen. One transaction: the old rows go, the new ones come in, audited.
 */
export async function setIncapacityGrants(ctx: Ctx, input: TSetIncapacityGrants): Promise<TIncapacitySettings> {
  const estateId = ownEstateId(ctx, 'Your estate');
  const chosen = input.grants.filter((g) => g.categories.length);
  const ids = chosen.map((g) => g.beneficiaryId);
  const rows = ids.length
    ? await ctx.db
        .select({ id: beneficiaries.id, userId: beneficiaries.userId })
        .from(beneficiaries)
        .where(and(eq(beneficiaries.estateId, estateId), inArray(beneficiaries.id, ids)))
    : [];
  for (const id of ids) {
    const row = rows.find((r) => r.id === id);
    if (!row) throw notFound('That beneficiary');
    if (!row.userId) throw badRequest('Only a beneficiary who has accepted their invitation (and so has an account) can be given access.', { grants: 'Not yet linked' });
  }
  const values = chosen.flatMap((g) => g.categories.filter(isCategory).map((category) => ({ estateId, beneficiaryId: g.beneficiaryId, category, createdAt: ctx.clock.now() })));
  await inTransaction(ctx.db, async (db) => {
    await db.delete(incapacityGrants).where(eq(incapacityGrants.estateId, estateId));
    if (values.length) await db.insert(incapacityGrants).values(values);
  });
  await audit(ctx, {
    action: 'incapacity.grants_updated',
    estateId,
    targetType: 'estate',
    targetId: estateId,
    details: { grants: chosen.map((g) => ({ beneficiaryId: g.beneficiaryId, categories: g.categories })) },
  });
  return getIncapacitySettings(ctx);
}

/** The accounts the owner chose for incapacity mode (to tell them when it starts and ends). */
export async function granteesOf(db: Db, estateId: string): Promise<{ id: string; email: string; name: string }[]> {
  return db
    .selectDistinct({ id: users.id, email: users.email, name: users.name })
    .from(incapacityGrants)
    .innerJoin(beneficiaries, eq(beneficiaries.id, incapacityGrants.beneficiaryId))
    .innerJoin(users, eq(users.id, beneficiaries.userId))
    .where(eq(incapacityGrants.estateId, estateId));
}
