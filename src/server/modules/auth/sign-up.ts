import { eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { TSessionUser, TSignUpRequest } from '../../../core/auth.schemas.ts';
import { ONBOARDING_TASKS } from '../../../core/onboarding.ts';
import type { Role } from '../../../core/roles.ts';
import type { BaseCtx, Deps } from '../../context.ts';
import { estates } from '../../db/schema/estates.ts';
import { tasks } from '../../db/schema/tasks.ts';
import { userRoles, users } from '../../db/schema/users.ts';
import { conflict } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { sessionUser, startSession } from './sessions.ts';

export async function emailTaken(deps: Pick<Deps, 'db'>, email: string): Promise<boolean> {
  const [row] = await deps.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return Boolean(row);
}

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

/** Sign up: a new estate owner with an empty estate and the onboarding checklist, signed in. */
export async function signUp(
  ctx: BaseCtx,
  reply: FastifyReply,
  input: TSignUpRequest,
  previousToken: string | undefined,
): Promise<TSessionUser> {
  if (await emailTaken(ctx, input.email)) {
    throw conflict('An account with this email already exists. Sign in instead.', { email: 'Already registered' });
  }
  const now = ctx.clock.now();
  const [user] = await ctx.db
    .insert(users)
    .values({ email: input.email, name: input.name, passwordHash: await hashPassword(input.password), createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (!user) throw conflict('An account with this email already exists. Sign in instead.', { email: 'Already registered' });
  const estateId = await makeEstateOwner(ctx, user.id);
  await audit(ctx, { action: 'auth.sign_up', actorUserId: user.id, estateId });
  await startSession(ctx, reply, user.id, ctx.meta, previousToken);
  return sessionUser(ctx, user.id);
}
