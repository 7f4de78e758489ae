import { and, asc, eq } from 'drizzle-orm';
import type { CursorOf } from '../../../core/keyset.schemas.ts';
import type { TAdministeredBeneficiaryPage } from '../../../core/lifecycle.schemas.ts';
import type { Db } from '../../db/client.ts';
import { beneficiaries, beneficiaryName } from '../../db/schema/estates.ts';
import { afterCursor, ascending, keysetPage } from '../../lib/keyset.ts';

/**
 * One page of an estate's beneficiaries in name order ("First Last", id: beneficiaries_estate_name_idx)
 * as the estate administrator sees them. The caller has checked that they administer the estate.
 */
export async function administeredBeneficiaryPage(db: Db, estateId: string, query: { cursor?: CursorOf<['name', 'id']> | undefined; limit: number }): Promise<TAdministeredBeneficiaryPage> {
  const name = beneficiaryName();
  const rows = await db
    .select({ row: beneficiaries, name })
    .from(beneficiaries)
    .where(and(eq(beneficiaries.estateId, estateId), afterCursor(ascending(name, beneficiaries.id), query.cursor)))
    .orderBy(asc(name), asc(beneficiaries.id))
    .limit(query.limit + 1);
  const { page, nextCursor } = keysetPage(rows, query.limit, (r) => [r.name, r.row.id]);
  return {
    items: page.map(({ row, name }) => ({ id: row.id, name: name.trim(), relationship: row.relationship, email: row.email, linked: Boolean(row.userId) })),
    nextCursor,
  };
}
