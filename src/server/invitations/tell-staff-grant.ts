import { personaFor } from '../../core/personas.ts';
import type { Role } from '../../core/roles.ts';
import type { Ctx } from '../context.ts';
import { notifyAll } from '../notices/notify.ts';
import { activeAdminIds } from '../access/active-admins.ts';

/** Roles whose holders can approve a death or change who else may (ADR 0076). */
const STAFF_POWERS: readonly Role[] = ['admin', 'estate-administrator'];

/**
 * Inside the transaction that grants them: admin or estate-administrator powers are told to the
 * person (once their account is active) and to every other active admin, so one insider cannot
 * quietly hand powers to an accomplice.
 */
export async function tellStaffGrant(tx: Ctx, grantee: { id: string; name: string; active: boolean }, added: readonly Role[]): Promise<void> {
  const powers = added.filter((r) => STAFF_POWERS.includes(r)).map((r) => personaFor(r).name);
  if (!powers.length) return;
  const what = `${powers.join(' and ')} role${powers.length > 1 ? 's' : ''}`;
  if (grantee.active) {
    await notifyAll(tx, [grantee.id], {
      type: 'security',
      message: `${tx.actor.name} gave you the ${what}. If you did not expect this, tell another administrator.`,
      fromName: tx.actor.name,
    });
  }
  const others = (await activeAdminIds(tx.db)).filter((a) => a !== tx.actor.userId && a !== grantee.id);
  await notifyAll(tx, others, {
    type: 'security',
    message: `${tx.actor.name} gave ${grantee.name} the ${what}. If this was not agreed, review it in Users.`,
    fromName: tx.actor.name,
    link: '/admin/users',
  });
}
