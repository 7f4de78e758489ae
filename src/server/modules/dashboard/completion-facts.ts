import { and, count, eq, isNotNull } from 'drizzle-orm';
import type { CompletionFacts } from '../../../core/completion.ts';
import { readUserSettings } from '../../../core/settings.schemas.ts';
import type { Ctx } from '../../context.ts';
import { digitalAssets } from '../../db/schema/digital-assets.ts';
import { documents } from '../../db/schema/documents.ts';
import { beneficiaries, estates, supportTeamMembers } from '../../db/schema/estates.ts';
import { userSettings, users } from '../../db/schema/users.ts';
import { openSecrets } from '../digital-assets/digital-asset-view.ts';

/** Gather, from the owner's own data, the facts the completion rules (core/completion.ts) need. */
export async function completionFacts(ctx: Ctx, estateId: string): Promise<CompletionFacts> {
  const byType = await ctx.db
    .select({ type: documents.type, n: count() })
    .from(documents)
    .where(eq(documents.estateId, estateId))
    .groupBy(documents.type);

  const people = await ctx.db
    .select({ b: beneficiaries, linkedDob: users.dateOfBirth })
    .from(beneficiaries)
    .leftJoin(users, eq(users.id, beneficiaries.userId))
    .where(eq(beneficiaries.estateId, estateId));

  const assets = await ctx.db.select({ secretsEnc: digitalAssets.secretsEnc }).from(digitalAssets).where(eq(digitalAssets.estateId, estateId));

  const [estate] = await ctx.db
    .select({ ownerId: estates.ownerId, activationCondition: estates.activationCondition })
    .from(estates)
    .where(eq(estates.id, estateId));
  const ownerId = estate?.ownerId ?? ctx.actor.userId;
  const [owner] = await ctx.db
    .select({ totpEnabledAt: users.totpEnabledAt, recoveryCodeHashes: users.recoveryCodeHashes, settings: userSettings.data })
    .from(users)
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .where(eq(users.id, ownerId));
  const [administrator] = await ctx.db
    .select({ id: supportTeamMembers.id })
    .from(supportTeamMembers)
    .where(
      and(
        eq(supportTeamMembers.estateId, estateId),
        eq(supportTeamMembers.role, 'estate-administrator'),
        isNotNull(supportTeamMembers.userId),
        isNotNull(supportTeamMembers.acceptedAt),
      ),
    )
    .limit(1);

  return {
    documentsByType: Object.fromEntries(byType.map((r) => [r.type, r.n])),
    beneficiaries: people.map(({ b, linkedDob }) => ({
      accepted: Boolean(b.userId && b.acceptedAt),
      email: b.email,
      phone: b.phone,
      hasDateOfBirth: Boolean(b.dateOfBirth ?? linkedDob),
      anyAccess: b.accessMemories || b.accessDocuments || b.accessMessages || b.accessBeneficiaries || b.accessDigitalLegacy,
    })),
    digitalAssets: assets.map((a) => ({ hasAccessInstructions: hasAccessInstructions(ctx, a.secretsEnc) })),
    digitalLegacyDelegate: people.some(({ b }) => b.accessDigitalLegacy),
    security: {
      twoFactor: Boolean(owner?.totpEnabledAt),
      recoveryCodes: Boolean(owner?.totpEnabledAt) && (owner?.recoveryCodeHashes.length ?? 0) > 0,
      loginAlerts: readUserSettings(owner?.settings ?? {}).loginAlerts,
      estateAdministrator: Boolean(administrator),
      activationCondition: estate?.activationCondition ?? 'upon_death',
    },
  };
}

/** Whether access instructions are written down (the text itself never leaves this function). */
function hasAccessInstructions(ctx: Ctx, sealed: string | null): boolean {
  if (!sealed) return false;
  try {
    return openSecrets(ctx, sealed).accessInstructions.trim() !== '';
  } catch {
    return false;
  }
}
