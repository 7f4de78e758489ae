import { and, count, eq, inArray, sql } from 'drizzle-orm';
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
type ItemKey = (typeof ITEMS)[number]['key'];

/** A legal document whose title names it a will ("Last Will and Testament", "Will of …", "My will"): whole words only. */
const WILL_TITLE = String.raw`\m(will|testament)\M`;

const exists = (n: { n: number }[] | undefined) => (n?.[0]?.n ?? 0) > 0;

/**
 * The checklist of an estate from its data (one small count per item, all at once), and the
 * owner's pending onboarding tasks for the items now done are marked completed — once, by a
 * guarded UPDATE, so the task list and the checklist never disagree.
 */
export async function onboardingChecklist(ctx: Ctx, estateId: string, twoFactorOn: boolean): Promise<TChecklistItem[]> {
  const [will, beneficiary, memory, digitalAsset, futureMessage, supportTeam] = await Promise.all([
    ctx.db
      .select({ n: count() })
      .from(documents)
      .where(and(eq(documents.estateId, estateId), eq(documents.type, 'legal'), sql`${documents.title} ~* ${WILL_TITLE}`)),
    ctx.db.select({ n: count() }).from(beneficiaries).where(eq(beneficiaries.estateId, estateId)),
    ctx.db.select({ n: count() }).from(memories).where(eq(memories.estateId, estateId)),
    ctx.db.select({ n: count() }).from(digitalAssets).where(eq(digitalAssets.estateId, estateId)),
    ctx.db.select({ n: count() }).from(futureMessages).where(eq(futureMessages.estateId, estateId)),
    ctx.db.select({ n: count() }).from(supportTeamMembers).where(eq(supportTeamMembers.estateId, estateId)),
  ]);
  const done: Record<ItemKey, boolean> = {
    will: exists(will),
    beneficiary: exists(beneficiary),
    memory: exists(memory),
    digitalAsset: exists(digitalAsset),
    futureMessage: exists(futureMessage),
    supportTeam: exists(supportTeam),
    twoFactor: twoFactorOn,
  };
  const items = ITEMS.map((item) => ({ ...item, done: done[item.key] }));

  const doneTitles = items.filter((i) => i.done).map((i) => i.label);
  if (doneTitles.length) {
    await ctx.db
      .update(tasks)
      .set({ status: 'completed', completedAt: ctx.clock.now(), updatedAt: ctx.clock.now() })
      .where(and(eq(tasks.estateId, estateId), eq(tasks.source, 'onboarding'), eq(tasks.status, 'pending'), inArray(tasks.title, doneTitles)));
  }
  return items;
}
