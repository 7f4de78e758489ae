import { and, eq, inArray, sql, type SQL, type Placeholder } from 'drizzle-orm';
import type { AnyPgColumn, AnyPgTable } from 'drizzle-orm/pg-core';
import type { TChecklistItem } from '../../../core/dashboard.schemas.ts';
import type { Ctx } from '../../context.ts';
import { digitalAssets } from '../../db/schema/digital-assets.ts';
import { documents } from '../../db/schema/documents.ts';
import { beneficiaries, supportTeamMembers } from '../../db/schema/estates.ts';
import { memories } from '../../db/schema/memories.ts';
import { futureMessages } from '../../db/schema/messages.ts';
import { tasks } from '../../db/schema/tasks.ts';

/**
 * The onboarding checklist, in the words of the onboarding tasks every owner starts with
 * (core/onboarding.ts) plus two safety steps. Each item is done when the estate's own data says so
 * (docs/decisions/0040) — nothing is ticked by hand.
 */
const ITEMS = [
  { key: 'will', label: 'Upload your will', href: '/estate-owner/documents' },
  { key: 'beneficiary', label: 'Add your first beneficiary', href: '/estate-owner/beneficiaries/add' },
  { key: 'memory', label: 'Record a memory', href: '/estate-owner/memories/create' },
  { key: 'digitalAsset', label: 'List your digital accounts', href: '/estate-owner/digital-assets' },
  { key: 'futureMessage', label: 'Write a future message', href: '/estate-owner/messages' },
  { key: 'supportTeam', label: 'Add someone to your support team', href: '/estate-owner/beneficiaries' },
  { key: 'twoFactor', label: 'Turn on two-factor authentication', href: '/estate-owner/settings' },
] as const satisfies readonly Omit<TChecklistItem, 'done'>[];
export type ItemKey = (typeof ITEMS)[number]['key'];

/** A legal document whose title names it a will ("Last Will and Testament", "Will of …", "My will"): whole words only. */
const WILL_TITLE = String.raw`\m(will|testament)\M`;

const exists = (from: SQL) => sql<boolean>`exists (select 1 from ${from})`;

/** Whether each data-backed item is done, as SQL booleans to select beside the dashboard's other figures. */
export function checklistFactsSql(estateId: string | Placeholder): Record<Exclude<ItemKey, 'twoFactor'>, SQL<boolean>> {
  const of = (table: AnyPgTable & { estateId: AnyPgColumn }, extra?: SQL) => exists(sql`${table} where ${table.estateId} = ${estateId}${extra ?? sql``}`);
  return {
    // lower(title) ~, not title ~*: the platform-wide trigram index on title would otherwise be read for
    // every document whose title holds a will's trigrams (43k at the bench's large size, 18–33 ms a
    // dashboard); the estate's own legal documents, through its index, are few.
    will: of(documents, sql` and ${documents.type} = 'legal' and lower(${documents.title}) ~ ${WILL_TITLE}`),
    beneficiary: of(beneficiaries),
    memory: of(memories),
    digitalAsset: of(digitalAssets),
    futureMessage: of(futureMessages),
    supportTeam: of(supportTeamMembers),
  };
}

/** The titles of the estate's pending onboarding tasks, as a SQL text array (the ones the checklist may tick). */
export const pendingOnboardingTitlesSql = (estateId: string | Placeholder) =>
  sql<string[]>`array(select ${tasks.title} from ${tasks} where ${tasks.estateId} = ${estateId} and ${tasks.source} = 'onboarding' and ${tasks.status} = 'pending')`;

/** The checklist, from whether each item is done. */
export const checklistOf = (done: Record<ItemKey, boolean>): TChecklistItem[] => ITEMS.map((item) => ({ ...item, done: done[item.key] }));

/**
 * The owner's pending onboarding tasks for the items now done are marked completed — once, by a
 * guarded UPDATE, so the task list and the checklist never disagree. Nothing is written unless one
 * of them is still pending (`pendingTitles`, read with the checklist): a dashboard read is not a
 * write. True when a task was ticked.
 */
export async function tickOnboardingTasks(ctx: Ctx, estateId: string, checklist: TChecklistItem[], pendingTitles: readonly string[]): Promise<boolean> {
  const doneTitles = checklist.filter((i) => i.done && pendingTitles.includes(i.label)).map((i) => i.label);
  if (!doneTitles.length) return false;
  await ctx.db
    .update(tasks)
    .set({ status: 'completed', completedAt: ctx.clock.now(), updatedAt: ctx.clock.now() })
    .where(and(eq(tasks.estateId, estateId), eq(tasks.source, 'onboarding'), eq(tasks.status, 'pending'), inArray(tasks.title, doneTitles)));
  return true;
}
