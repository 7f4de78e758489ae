import { and, count, eq, inArray, isNotNull } from 'drizzle-orm';
import { computeCompletion, type Completion, type CompletionFacts } from '../../core/completion.ts';
import { readUserSettings } from '../../core/settings.schemas.ts';
import type { Deps } from '../context.ts';
import { digitalAssets } from '../db/schema/digital-assets.ts';
import { documents } from '../db/schema/documents.ts';
import { beneficiaries, estates, supportTeamMembers } from '../db/schema/estates.ts';
import { userSettings, users } from '../db/schema/users.ts';
import { openSecrets } from './digital-asset-view.ts';

type FactsDeps = Pick<Deps, 'db' | 'secrets'>;

/**
 * Gather, from each estate's own data, the facts the completion rules (core/completion.ts) need —
 * for any estates, whoever asks (the owner's dashboard, the administrator's estate detail, the
 * planner's clients): one query per kind of fact, whatever the number of estates. An unknown
 * estate gets no entry.
 */
export async function completionFactsByEstate(deps: FactsDeps, estateIds: readonly string[]): Promise<Map<string, CompletionFacts>> {
  const ids = [...new Set(estateIds)];
  const out = new Map<string, CompletionFacts>();
  if (!ids.length) return out;
  const [estateRows, byType, people, assets, administrators] = await Promise.all([
    deps.db
      .select({
        id: estates.id,
        activationCondition: estates.activationCondition,
        totpEnabledAt: users.totpEnabledAt,
        recoveryCodeHashes: users.recoveryCodeHashes,
        settings: userSettings.data,
      })
      .from(estates)
      .innerJoin(users, eq(users.id, estates.ownerId))
      .leftJoin(userSettings, eq(userSettings.userId, users.id))
      .where(inArray(estates.id, ids)),
    deps.db
      .select({ estateId: documents.estateId, type: documents.type, n: count() })
      .from(documents)
      .where(inArray(documents.estateId, ids))
      .groupBy(documents.estateId, documents.type),
    deps.db
      .select({ b: beneficiaries, linkedDob: users.dateOfBirth })
      .from(beneficiaries)
      .leftJoin(users, eq(users.id, beneficiaries.userId))
      .where(inArray(beneficiaries.estateId, ids)),
    deps.db.select({ estateId: digitalAssets.estateId, secretsEnc: digitalAssets.secretsEnc }).from(digitalAssets).where(inArray(digitalAssets.estateId, ids)),
    deps.db
      .selectDistinct({ estateId: supportTeamMembers.estateId })
      .from(supportTeamMembers)
      .where(
        and(
          inArray(supportTeamMembers.estateId, ids),
          eq(supportTeamMembers.role, 'estate-administrator'),
          isNotNull(supportTeamMembers.userId),
          isNotNull(supportTeamMembers.acceptedAt),
        ),
      ),
  ]);
  const administered = new Set(administrators.map((a) => a.estateId));
  for (const estate of estateRows) {
    const mine = people.filter(({ b }) => b.estateId === estate.id);
    out.set(estate.id, {
      documentsByType: Object.fromEntries(byType.filter((r) => r.estateId === estate.id).map((r) => [r.type, r.n])),
      beneficiaries: mine.map(({ b, linkedDob }) => ({
        accepted: Boolean(b.userId && b.acceptedAt),
        email: b.email,
        phone: b.phone,
        hasDateOfBirth: Boolean(b.dateOfBirth ?? linkedDob),
        anyAccess: b.accessMemories || b.accessDocuments || b.accessMessages || b.accessBeneficiaries || b.accessDigitalLegacy,
      })),
      digitalAssets: assets.filter((a) => a.estateId === estate.id).map((a) => ({ hasAccessInstructions: hasAccessInstructions(deps, a.secretsEnc) })),
      digitalLegacyDelegate: mine.some(({ b }) => b.accessDigitalLegacy),
      security: {
        twoFactor: Boolean(estate.totpEnabledAt),
        recoveryCodes: Boolean(estate.totpEnabledAt) && estate.recoveryCodeHashes.length > 0,
        loginAlerts: readUserSettings(estate.settings ?? {}).loginAlerts,
        estateAdministrator: administered.has(estate.id),
        activationCondition: estate.activationCondition,
      },
    });
  }
  return out;
}

/** The facts of one estate (see completionFactsByEstate); an unknown estate has nothing done. */
export async function completionFacts(deps: FactsDeps, estateId: string): Promise<CompletionFacts> {
  return (await completionFactsByEstate(deps, [estateId])).get(estateId) ?? NOTHING_DONE;
}

/** Completion of each estate, by the owner's dashboard rules. */
export async function completionByEstate(deps: FactsDeps, estateIds: readonly string[]): Promise<Map<string, Completion>> {
  const facts = await completionFactsByEstate(deps, estateIds);
  return new Map([...facts].map(([id, f]) => [id, computeCompletion(f)]));
}

const NOTHING_DONE: CompletionFacts = {
  documentsByType: {},
  beneficiaries: [],
  digitalAssets: [],
  digitalLegacyDelegate: false,
  security: { twoFactor: false, recoveryCodes: false, loginAlerts: false, estateAdministrator: false, activationCondition: '' },
};

/** Whether access instructions are written down (the text itself never leaves this function). */
function hasAccessInstructions(deps: FactsDeps, sealed: string | null): boolean {
  if (!sealed) return false;
  try {
    return openSecrets(deps, sealed).accessInstructions.trim() !== '';
  } catch {
    return false;
  }
}
