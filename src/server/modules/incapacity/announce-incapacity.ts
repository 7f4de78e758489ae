import { eq } from 'drizzle-orm';
import type { BaseCtx } from '../../context.ts';
import { estates } from '../../db/schema/estates.ts';
import { users } from '../../db/schema/users.ts';
import { audit } from '../../lib/audit.ts';
import { signInUrl, type Notice } from '../../mail/templates/frame.ts';
import { incapacityGranteeNotice, incapacityOwnerNotice, type IncapacityLetter, type IncapacityStep } from '../../mail/templates/incapacity-mode.ts';
import { notify } from '../../notices/notify.ts';
import { getSystemSettings } from '../../settings/get-system-settings.ts';
import { granteesOf } from '../../settings/incapacity-settings.ts';

/**
 * Incapacity mode started or ended, in the transition's transaction (ctx from inMailTransaction, ADR
 * 0077): audited, and the owner and every person they chose for it are told in-app and by email (one
 * email each, whatever their digest settings: this is about access to the estate). `at` is the
 * transition's time: with the estate and step, the key of its mails.
 */
export async function announceIncapacity(ctx: BaseCtx, estateId: string, step: IncapacityStep, at: Date): Promise<void> {
  await audit(ctx, {
    action: step.kind === 'started' ? 'incapacity.started' : 'incapacity.ended',
    estateId,
    targetType: 'estate',
    targetId: estateId,
    details: step.kind === 'ended' ? { by: step.by } : {},
  });
  // One after another: inside a transaction they share one connection.
  const [owner] = await ctx.db
    .select({ id: users.id, email: users.email, name: users.name })
    .from(estates)
    .innerJoin(users, eq(users.id, estates.ownerId))
    .where(eq(estates.id, estateId));
  const grantees = await granteesOf(ctx.db, estateId);
  const { systemName } = await getSystemSettings(ctx.db);
  if (!owner) return;
  const tell = async (person: { id: string; email: string; name: string }, link: string, words: (to: IncapacityLetter) => Notice) => {
    const { inApp, mail } = words({ systemName, name: person.name, step, url: signInUrl(ctx.config.publicUrl, link) });
    await notify(ctx, { userId: person.id, type: 'estate', message: inApp, fromName: owner.name, link, send: false });
    await ctx.mailer.send({ to: person.email, ...mail }, { db: ctx.db, idempotencyKey: `incapacity.${estateId}.${step.kind}.${at.getTime()}.${person.id}` });
  };
  await tell(owner, '/estate-owner', incapacityOwnerNotice);
  for (const grantee of grantees) await tell(grantee, `/beneficiary/estate/${estateId}`, (to) => incapacityGranteeNotice({ ...to, ownerName: owner.name }));
}
