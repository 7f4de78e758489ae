import { asc, desc, eq } from 'drizzle-orm';
import { initialsOf } from '../../../core/names.ts';
import type { TFutureMessageOptions } from '../../../core/future-messages.schemas.ts';
import type { ActivationCondition } from '../../../core/delivery-words.ts';
import type { Ctx } from '../../context.ts';
import { currentSealOf } from '../../access/estate-seal.ts';
import { documents } from '../../db/schema/documents.ts';
import { beneficiaries, estates } from '../../db/schema/estates.ts';
import { memories } from '../../db/schema/memories.ts';
import { users } from '../../db/schema/users.ts';
import { ownerTimeZone } from '../../settings/owner-time-zone.ts';

const PICK_LIMIT = 500;

/** Who and what the compose form can pick from, all from the owner's own estate. */
export async function getComposeOptions(ctx: Ctx): Promise<TFutureMessageOptions> {
  const estateId = ctx.actor.estateId;
  if (!estateId) return { recipients: [], memories: [], documents: [], estateActive: false, activationCondition: 'upon_death', timeZone: 'UTC', seal: null };
  const people = await ctx.db
    .select({ b: beneficiaries, userDateOfBirth: users.dateOfBirth })
    .from(beneficiaries)
    .leftJoin(users, eq(users.id, beneficiaries.userId))
    .where(eq(beneficiaries.estateId, estateId))
    .orderBy(asc(beneficiaries.firstName), asc(beneficiaries.lastName));
  const memoryRows = await ctx.db
    .select({ id: memories.id, title: memories.title, date: memories.date })
    .from(memories)
    .where(eq(memories.estateId, estateId))
    .orderBy(desc(memories.date))
    .limit(PICK_LIMIT);
  const documentRows = await ctx.db
    .select({ id: documents.id, title: documents.title, type: documents.type })
    .from(documents)
    .where(eq(documents.estateId, estateId))
    .orderBy(asc(documents.title))
    .limit(PICK_LIMIT);
  const [estate] = await ctx.db
    .select({ status: estates.status, activationCondition: estates.activationCondition })
    .from(estates)
    .where(eq(estates.id, estateId));
  return {
    recipients: people.map(({ b, userDateOfBirth }) => ({
      id: b.id,
      name: `${b.firstName} ${b.lastName}`.trim(),
      initials: initialsOf(`${b.firstName} ${b.lastName}`),
      relationship: b.relationship,
      dateOfBirth: b.dateOfBirth ?? userDateOfBirth ?? null,
      messagesAccess: b.accessMessages,
      hasAccount: b.userId !== null,
    })),
    memories: memoryRows,
    documents: documentRows,
    estateActive: estate?.status === 'active',
    activationCondition: (estate?.activationCondition ?? 'upon_death') as ActivationCondition,
    timeZone: await ownerTimeZone(ctx.db, estateId),
    seal: await currentSealOf(ctx.db, estateId).then((seal) => seal && { recipient: seal.recipient, sealTag: seal.sealTag }),
  };
}
