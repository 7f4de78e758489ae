import { asc, eq } from 'drizzle-orm';
import { initialsOf } from '../../../core/names.ts';
import { SUPPORT_TEAM_ROLE_LABELS } from '../../../core/constants.ts';
import type { TSharedEstate } from '../../../core/shared-content.schemas.ts';
import type { Ctx } from '../../context.ts';
import { supportTeamMembers } from '../../db/schema/estates.ts';
import { notFound } from '../../lib/app-error.ts';
import { currentSealOf } from '../../access/estate-seal.ts';
import { loadLinkedEstates } from './linked-estates.ts';
import { SHARED_LETTERS_PAGE, SHARED_PAGE_DEFAULT } from '../../../core/shared-content.schemas.ts';
import { loadSharedMemoryDetail, pageSharedDocuments, pageSharedLetters, pageSharedMemories } from './shared-views.ts';

/**
 * The estate content page: the owner and relationship, a featured memory, the memories, documents
 * and letters the viewer may see there (first pages; the next come from the shared lists with this
 * estate's id), and the estate's support team. An estate the viewer is not
 * linked to is not found (whether or not it exists).
 */
export async function getSharedEstate(ctx: Ctx, estateId: string): Promise<TSharedEstate> {
  // Not linked: nothing else is read. The page's lists run the access policy themselves all the same.
  if (!ctx.actor.linkedEstateIds.includes(estateId)) throw notFound('That estate');
  const [[estate], memories, documents, letters, team, seal] = await Promise.all([
    loadLinkedEstates(ctx, estateId),
    pageSharedMemories(ctx, { estateId, limit: SHARED_PAGE_DEFAULT }),
    pageSharedDocuments(ctx, { estateId, limit: SHARED_PAGE_DEFAULT }),
    pageSharedLetters(ctx, { estateId, limit: SHARED_LETTERS_PAGE }),
    ctx.db.select().from(supportTeamMembers).where(eq(supportTeamMembers.estateId, estateId)).orderBy(asc(supportTeamMembers.createdAt)),
    currentSealOf(ctx.db, estateId),
  ]);
  if (!estate) throw notFound('That estate');
  // Featured: the most recent memory with a photo on the first page, else the most recent memory.
  const featured = memories.items.find((m) => m.previewUrl) ?? memories.items[0];
  return {
    estateId,
    owner: estate.owner,
    relationship: estate.relationship,
    status: estate.status,
    access: { memories: estate.access.memories, documents: estate.access.documents, messages: estate.access.messages },
    counts: estate.counts,
    featuredMemory: featured ? await loadSharedMemoryDetail(ctx, featured.id) : null,
    memories,
    documents,
    letters,
    capsuleUrl: seal && estate.status === 'active' ? `/api/v1/capsules/${estateId}` : null,
    supportTeam: team.map((m) => ({
      id: m.id,
      name: m.name,
      initials: initialsOf(m.name),
      role: m.role,
      roleLabel: SUPPORT_TEAM_ROLE_LABELS[m.role as keyof typeof SUPPORT_TEAM_ROLE_LABELS] ?? m.role,
      email: m.email,
      phone: m.phone,
    })),
  };
}
