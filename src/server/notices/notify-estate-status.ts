import { and, count, eq } from 'drizzle-orm';
import { type ESTATE_STATUS_LABELS } from '../../core/constants.ts';
import { documents } from '../db/schema/documents.ts';
import { estates, ownerNameSql } from '../db/schema/estates.ts';
import { memories } from '../db/schema/memories.ts';
import { users } from '../db/schema/users.ts';
import { documentVisibleSql, linkedUsersOf, memoryVisibleSql } from '../access/policy.ts';
import { notify, type NotifyDeps } from './notify.ts';

type EstateStatus = keyof typeof ESTATE_STATUS_LABELS;

const MESSAGES: Record<EstateStatus, (owner: string) => string> = {
  planning: (owner) => `${owner}'s estate is back in planning: nothing more is released for now.`,
  verification_pending: (owner) => `A report about ${owner} has been received and is being verified by the estate administrator.`,
  activation_pending: (owner) => `The documents about ${owner} have been verified; ${owner}'s estate is awaiting activation.`,
  active: (owner) => `${owner}'s estate is now active.`,
  incapacity: (owner) => `${owner}'s estate is in incapacity mode: only the people ${owner} chose have temporary, read-only access.`,
};

/**
 * Tells every beneficiary linked to an estate (with an account) that its status changed. On
 * activation, each is told how many memories and documents are now open to them (through the
 * access policy, so the count is exactly what they can see). Call it in the transition's
 * transaction (ADR 0077). Estate notices are always created, whatever the preferences.
 */
export async function notifyEstateStatusChanged(deps: NotifyDeps, estateId: string): Promise<number> {
  const [estate] = await deps.db
    .select({ status: estates.status, ownerName: ownerNameSql() })
    .from(estates)
    .innerJoin(users, eq(users.id, estates.ownerId))
    .where(eq(estates.id, estateId));
  if (!estate) return 0;
  const status = estate.status as EstateStatus;
  const recipients = await linkedUsersOf(deps.db, estateId);
  for (const userId of recipients) {
    let message = (MESSAGES[status] ?? MESSAGES.planning)(estate.ownerName);
    if (status === 'active') {
      const [m] = await deps.db.select({ n: count() }).from(memories).where(and(eq(memories.estateId, estateId), memoryVisibleSql(deps.db, userId)));
      const [d] = await deps.db.select({ n: count() }).from(documents).where(and(eq(documents.estateId, estateId), documentVisibleSql(deps.db, userId)));
      message += ` You can now see ${m?.n ?? 0} ${m?.n === 1 ? 'memory' : 'memories'} and ${d?.n ?? 0} ${d?.n === 1 ? 'document' : 'documents'} shared with you.`;
    }
    await notify(deps, { userId, type: 'estate', message, fromName: estate.ownerName, link: `/beneficiary/estate/${estateId}` });
  }
  return recipients.length;
}
