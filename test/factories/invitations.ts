import type { Db } from '../../src/server/db/client.ts';
import { invitations } from '../../src/server/db/schema/estates.ts';
import { randomToken, sha256 } from '../../src/server/lib/tokens.ts';

type InvitationInsert = typeof invitations.$inferInsert;

/** An open invitation and its (otherwise never stored) token. */
export async function insertInvitation(
  db: Db,
  overrides: Partial<Omit<InvitationInsert, 'tokenHash'>> & Pick<InvitationInsert, 'email' | 'role' | 'kind'>,
) {
  const token = randomToken();
  const [row] = await db
    .insert(invitations)
    .values({
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + 14 * 24 * 60 * 60 * 1000),
      ...overrides,
    })
    .returning();
  return { invitation: row!, token };
}
