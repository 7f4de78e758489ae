import { randomUUID } from 'node:crypto';
import type { Db } from '../../src/server/db/client.ts';
import { emailedLinks } from '../../src/server/db/schema/admin.ts';
import { invitations } from '../../src/server/db/schema/estates.ts';
import { randomToken, sha256 } from '../../src/server/lib/tokens.ts';

type InvitationInsert = typeof invitations.$inferInsert;

/** An open invitation and the token of its (otherwise never stored) emailed link. */
export async function insertInvitation(db: Db, overrides: Partial<InvitationInsert> & Pick<InvitationInsert, 'email' | 'role' | 'kind'>) {
  const token = randomToken();
  const values = { id: randomUUID(), expiresAt: new Date(Date.now() + 14 * 24 * 60 * 60 * 1000), ...overrides };
  const [row] = await db.insert(invitations).values(values).returning();
  await db.insert(emailedLinks).values({ purpose: 'invitation', targetId: row!.id, tokenHash: sha256(token), expiresAt: row!.expiresAt, usedAt: row!.acceptedAt });
  return { invitation: row!, token };
}
