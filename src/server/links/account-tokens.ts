import { and, count, eq, gt, inArray, isNull } from 'drizzle-orm';
import { ACCOUNT_LINK_MINUTES, type TAccountTokenPurpose } from '../../core/account-links.schemas.ts';
import { ERROR_CODES } from '../../core/errors.ts';
import type { Deps } from '../context.ts';
import type { Db } from '../db/client.ts';
import { accountTokens } from '../db/schema/admin.ts';
import { AppError } from '../lib/app-error.ts';
import { randomToken, sha256 } from '../lib/tokens.ts';

export type AccountTokenRow = typeof accountTokens.$inferSelect;

/** The one refusal for a link that is unknown, used, superseded, expired or of another purpose. */
export const linkNotValid = (what: string) =>
  new AppError(ERROR_CODES.notFound, 404, `This ${what} link is not valid, has expired or was already used. Ask for a new one.`);

/** Past the hourly limit of links for one account (429). */
export const tooManyLinks = (message: string) => new AppError(ERROR_CODES.rateLimited, 429, message);

/** Links of this purpose mailed to the user in the last hour (the per-account mail limit). */
export async function linksInLastHour(db: Db, userId: string, purpose: TAccountTokenPurpose, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(accountTokens)
    .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose), gt(accountTokens.createdAt, new Date(now.getTime() - 60 * 60_000))));
  return Number(row?.n ?? 0);
}

/**
 * A new single-use link for a user: only its sha256 is stored. The newest link of a purpose is the
 * only live one: the user's earlier live links of that purpose stop working now.
 */
export async function issueAccountToken(
  deps: Pick<Deps, 'clock'> & { db: Db },
  userId: string,
  purpose: TAccountTokenPurpose,
  newEmail: string | null = null,
): Promise<{ token: string; expiresAt: Date }> {
  const now = deps.clock.now();
  await deps.db
    .update(accountTokens)
    .set({ expiresAt: now })
    .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt), gt(accountTokens.expiresAt, now)));
  const token = randomToken();
  const expiresAt = new Date(now.getTime() + ACCOUNT_LINK_MINUTES[purpose] * 60_000);
  await deps.db.insert(accountTokens).values({ userId, purpose, tokenHash: sha256(token), newEmail, expiresAt, createdAt: now });
  return { token, expiresAt };
}

/**
 * Use up a link: one guarded UPDATE (unused, unexpired, of one of these purposes), so of several
 * requests carrying the same token at once exactly one gets the row; the others (and a link of
 * another purpose) get null.
 */
export async function consumeAccountToken(
  deps: Pick<Deps, 'clock'> & { db: Db },
  token: string,
  purposes: readonly TAccountTokenPurpose[],
): Promise<AccountTokenRow | null> {
  const now = deps.clock.now();
  const [row] = await deps.db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(accountTokens.tokenHash, sha256(token)),
        inArray(accountTokens.purpose, [...purposes]),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, now),
      ),
    )
    .returning();
  return row ?? null;
}

/** The address a link opens: the web path with the token in the fragment (never sent to a server). */
export function accountLink(publicUrl: string, path: string, token: string): string {
  return new URL(`${path}#${token}`, publicUrl).toString();
}

/** True for PostgreSQL's unique_violation, however the driver wraps it. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
