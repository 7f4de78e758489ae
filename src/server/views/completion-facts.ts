import { eq, inArray, sql } from 'drizzle-orm';
import type { CompletionFacts } from '../../core/completion.ts';
import { readUserSettings } from '../../core/settings.schemas.ts';
import type { Deps } from '../context.ts';
import { digitalAssets } from '../db/schema/digital-assets.ts';
import { documents } from '../db/schema/documents.ts';
import { beneficiaries, estates, supportTeamMembers } from '../db/schema/estates.ts';
import { userSettings, users } from '../db/schema/users.ts';
import { childRows, subselect } from '../lib/child-rows.ts';
import { openSecrets } from './digital-asset-view.ts';

type FactsDeps = Pick<Deps, 'db' | 'secrets'>;

interface PersonFacts {
  accepted: boolean;
  email: string;
  phone: string;
  hasDateOfBirth: boolean;
  anyAccess: boolean;
  digitalLegacy: boolean;
}

/**
 * The facts the completion rules (core/completion.ts) need, as columns of a statement that selects
 * from `estates` joined to its owner in `users`: each estate's facts built in its own row, so a
 * list of estates (the planner's clients) gets them in the statement that reads it. Read them with
 * `completionFactsOf`.
 */
export const completionFactsSql = {
  activationCondition: estates.activationCondition,
  totpEnabledAt: users.totpEnabledAt,
  recoveryCodeHashes: users.recoveryCodeHashes,
  settings: subselect(sql<Record<string, unknown> | null>`(select ${userSettings.data} from ${userSettings} where ${userSettings.userId} = ${users.id})`),
  documentsByType: subselect(sql<Record<string, number>>`coalesce((select json_object_agg(t.type, t.n)
    from (select ${documents.type} as type, count(*) as n from ${documents} where ${documents.estateId} = ${estates.id} group by ${documents.type}) t), '{}'::json)`),
  people: childRows<PersonFacts>(
    sql`json_build_object('accepted', ${beneficiaries.userId} is not null and ${beneficiaries.acceptedAt} is not null,
      'email', ${beneficiaries.email}, 'phone', ${beneficiaries.phone},
      'hasDateOfBirth', coalesce(${beneficiaries.dateOfBirth}, linked_user.date_of_birth) is not null,
      'anyAccess', ${beneficiaries.accessMemories} or ${beneficiaries.accessDocuments} or ${beneficiaries.accessMessages} or ${beneficiaries.accessBeneficiaries} or ${beneficiaries.accessDigitalLegacy},
      'digitalLegacy', ${beneficiaries.accessDigitalLegacy})`,
    sql`from ${beneficiaries} left join ${users} linked_user on linked_user.id = ${beneficiaries.userId} where ${beneficiaries.estateId} = ${estates.id}`,
  ),
  sealedSecrets: childRows<string | null>(sql`${digitalAssets.secretsEnc}`, sql`from ${digitalAssets} where ${digitalAssets.estateId} = ${estates.id}`),
  administered: subselect(sql<boolean>`exists (select 1 from ${supportTeamMembers} where ${supportTeamMembers.estateId} = ${estates.id}
    and ${supportTeamMembers.role} = 'estate-administrator' and ${supportTeamMembers.userId} is not null and ${supportTeamMembers.acceptedAt} is not null)`),
};

interface FactsRow {
  activationCondition: string;
  totpEnabledAt: Date | null;
  recoveryCodeHashes: string[];
  settings: Record<string, unknown> | null;
  documentsByType: Record<string, number>;
  people: PersonFacts[];
  sealedSecrets: (string | null)[];
  administered: boolean;
}

/** The completion facts from a row that selected `completionFactsSql`. */
export function completionFactsOf(deps: FactsDeps, row: FactsRow): CompletionFacts {
  return {
    documentsByType: row.documentsByType,
    beneficiaries: row.people.map(({ digitalLegacy: _, ...person }) => person),
    digitalAssets: row.sealedSecrets.map((sealed) => ({ hasAccessInstructions: hasAccessInstructions(deps, sealed) })),
    digitalLegacyDelegate: row.people.some((p) => p.digitalLegacy),
    security: {
      twoFactor: Boolean(row.totpEnabledAt),
      recoveryCodes: Boolean(row.totpEnabledAt) && row.recoveryCodeHashes.length > 0,
      loginAlerts: readUserSettings(row.settings ?? {}).loginAlerts,
      estateAdministrator: row.administered,
      activationCondition: row.activationCondition,
    },
  };
}

/** The completion facts of any estates, whoever asks (the owner's dashboard, the administrator's estate detail): one statement. An unknown estate gets no entry. */
export async function completionFactsByEstate(deps: FactsDeps, estateIds: readonly string[]): Promise<Map<string, CompletionFacts>> {
  const ids = [...new Set(estateIds)];
  if (!ids.length) return new Map();
  const rows = await deps.db
    .select({ id: estates.id, ...completionFactsSql })
    .from(estates)
    .innerJoin(users, eq(users.id, estates.ownerId))
    .where(inArray(estates.id, ids));
  return new Map(rows.map((row) => [row.id, completionFactsOf(deps, row)]));
}

/** The facts of one estate (see completionFactsByEstate); an unknown estate has nothing done. */
export async function completionFacts(deps: FactsDeps, estateId: string): Promise<CompletionFacts> {
  return (await completionFactsByEstate(deps, [estateId])).get(estateId) ?? NOTHING_DONE;
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
