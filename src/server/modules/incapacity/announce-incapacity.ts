import { eq } from 'drizzle-orm';
import type { BaseCtx } from '../../context.ts';
import { estates } from '../../db/schema/estates.ts';
import { users } from '../../db/schema/users.ts';
import { audit } from '../../lib/audit.ts';
import { notify } from '../../notices/notify.ts';
import { getSystemSettings } from '../../settings/get-system-settings.ts';
import { granteesOf } from './incapacity-settings.ts';

export type IncapacityStep = { kind: 'started' } | { kind: 'ended'; by: 'owner' | 'trustee' | 'administrator'; byName: string };

function ownerWords(step: IncapacityStep): string[] {
  if (step.kind === 'started') {
    return [
      'Medical documentation of your incapacity was verified: your estate is now in incapacity mode. The people you chose can read the categories you chose for them, read-only. Nothing marked for after your death is released, and no letter is delivered.',
      'When you are well again, sign in and choose "I\'m back" on your dashboard: everything returns to how it was.',
    ];
  }
  const who = step.by === 'owner' ? 'You' : `${step.byName} (${step.by === 'trustee' ? 'one of your trustees' : 'your estate administrator'})`;
  return [`${who} ended incapacity mode: your estate is back in planning, and the temporary access is closed.`];
}

function granteeWords(ownerName: string, step: IncapacityStep): string[] {
  if (step.kind === 'started') {
    return [
      `${ownerName} is unable to manage their affairs for now, and chose you to have temporary, read-only access to some of their estate while this lasts.`,
      'Sign in to see it. It ends when they are back.',
    ];
  }
  return [`${ownerName}'s estate is back in planning: the temporary access ${ownerName} gave you for incapacity mode has ended.`];
}

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
  const subject = step.kind === 'started' ? `${systemName}: incapacity mode has started` : `${systemName}: incapacity mode has ended`;
  const tell = async (person: { id: string; email: string; name: string }, lines: string[], link: string) => {
    await notify(ctx, { userId: person.id, type: 'estate', message: lines[0]!, fromName: owner.name, link, send: false });
    await ctx.mailer.send(
      {
        to: person.email,
        subject,
        text: [`Hello ${person.name},`, '', ...lines, '', new URL(`/sign-in?next=${encodeURIComponent(link)}`, ctx.config.publicUrl).toString()].join('\n'),
        kind: 'incapacity',
      },
      { db: ctx.db, idempotencyKey: `incapacity.${estateId}.${step.kind}.${at.getTime()}.${person.id}` },
    );
  };
  await tell(owner, ownerWords(step), '/estate-owner');
  for (const grantee of grantees) await tell(grantee, granteeWords(owner.name, step), `/beneficiary/estate/${estateId}`);
}
