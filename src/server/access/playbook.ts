/**
 * Who may see and tick an estate's executor playbook (issue 13 item 6): once the estate is active,
 * its estate administrators and the linked beneficiaries whose digital-legacy flag is on. Before
 * activation, or to anyone else, the checklist does not exist (not found). The playbook routes ask
 * only this function.
 */
import { and, eq, exists, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { beneficiaries, estates } from '../db/schema/estates.ts';
import { administersSql } from './estate-roles.ts';
import { RELEASED_STATUS } from './policy.ts';

/** True when `userId` may read and tick the playbook of `estateId` right now. */
export async function mayWorkPlaybook(db: Db, userId: string, estateId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: estates.id })
    .from(estates)
    .where(
      and(
        eq(estates.id, estateId),
        eq(estates.status, RELEASED_STATUS),
        or(
          administersSql(db, userId, estates.id),
          exists(
            db
              .select({ one: sql`1` })
              .from(beneficiaries)
              .where(and(eq(beneficiaries.estateId, estates.id), eq(beneficiaries.userId, userId), eq(beneficiaries.accessDigitalLegacy, true))),
          ),
        ),
      ),
    )
    .limit(1);
  return Boolean(row);
}
