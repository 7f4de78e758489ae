import { sql } from 'drizzle-orm';
import type { TSharedActivity, TSharedHome } from '../../../core/shared-content.schemas.ts';
import type { Ctx } from '../../context.ts';
import { returningVisitorSql } from '../../views/returning-visitor.ts';
import { loadLinkedEstates } from './linked-estates.ts';
import { loadSharedDocuments, loadSharedLetters, loadSharedMemories } from './shared-views.ts';

/** How many items "Recent activity" lists. */
export const RECENT_ACTIVITY_ITEMS = 8;

/**
 * The beneficiary's home: one card per estate owner (relationship, last active, live counts) and
 * recent activity — the newest items the viewer may see, each with the path its View link opens —
 * and whether the viewer has been here before (a first visit is not greeted "Welcome back").
 * "Last active" only while the owner is planning: after a report or an activation it would
 * describe someone who may have died.
 */
export async function getSharedHome(ctx: Ctx): Promise<TSharedHome> {
  const [linked, memories, documents, letters, [visit]] = await Promise.all([
    loadLinkedEstates(ctx),
    loadSharedMemories(ctx, { order: 'recent', limit: RECENT_ACTIVITY_ITEMS, previews: false }),
    loadSharedDocuments(ctx, { limit: RECENT_ACTIVITY_ITEMS }),
    loadSharedLetters(ctx, { limit: RECENT_ACTIVITY_ITEMS }),
    ctx.db.select({ returning: returningVisitorSql(ctx) }).from(sql`(select 1) as one`),
  ]);
  const activity: TSharedActivity[] = [
    ...memories.map((m) => ({
      id: m.id,
      kind: 'memory' as const,
      title: m.title,
      ownerName: m.from,
      estateId: m.estateId,
      at: m.sharedAt,
      href: `/beneficiary/memories?view=${m.id}`,
    })),
    ...documents.map((d) => ({
      id: d.id,
      kind: 'document' as const,
      title: d.title,
      ownerName: d.from,
      estateId: d.estateId,
      at: d.date,
      href: `/beneficiary/documents?view=${d.id}`,
    })),
    ...letters
      .filter((l) => l.deliveredAt)
      .map((l) => ({
        id: l.id,
        kind: 'message' as const,
        title: l.subject,
        ownerName: l.ownerName,
        estateId: l.estateId,
        at: l.deliveredAt!,
        href: l.threadId ? `/beneficiary/messages?thread=${l.threadId}` : `/beneficiary/estate/${l.estateId}#messages`,
      })),
  ]
    .sort((a, b) => b.at.localeCompare(a.at))
    .slice(0, RECENT_ACTIVITY_ITEMS);

  return {
    estates: linked.map((e) => ({
      estateId: e.estateId,
      owner: e.owner,
      relationship: e.relationship,
      lastActiveAt: e.status === 'planning' ? (e.ownerLastActiveAt?.toISOString() ?? null) : null,
      status: e.status,
      counts: e.counts,
    })),
    activity,
    returning: visit?.returning ?? false,
  };
}
