import { eq } from 'drizzle-orm';
import { ONBOARDING_TASKS } from '../../core/onboarding.ts';
import type { Role } from '../../core/roles.ts';
import type { Deps } from '../context.ts';
import { estates } from '../db/schema/estates.ts';
import { tasks } from '../db/schema/tasks.ts';
import { userRoles } from '../db/schema/users.ts';

/** Give a user the estate-owner role with an empty estate and the onboarding checklist. */
export async function makeEstateOwner(deps: Pick<Deps, 'db' | 'clock'>, userId: string): Promise<string> {
  const now = deps.clock.now();
  await deps.db.insert(userRoles).values({ userId, role: 'estate-owner' satisfies Role }).onConflictDoNothing();
  const [estate] = await deps.db
    .insert(estates)
    .values({ ownerId: userId, createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning({ id: estates.id });
  if (!estate) {
    const [existing] = await deps.db.select({ id: estates.id }).from(estates).where(eq(estates.ownerId, userId));
    return existing!.id;
  }
  await deps.db
    .insert(tasks)
    .values(ONBOARDING_TASKS.map((t) => ({ ...t, estateId: estate.id, source: 'onboarding', createdAt: now, updatedAt: now })));
  return estate.id;
}
