import { asc, eq } from 'drizzle-orm';
import { initialsOf } from '../../../core/names.ts';
import { SUPPORT_TEAM_ROLE_LABELS } from '../../../core/constants.ts';
import type { TSharedEstate } from '../../../core/shared-content.schemas.ts';
import type { Ctx } from '../../context.ts';
import { supportTeamMembers } from '../../db/schema/estates.ts';
import { notFound } from '../../lib/app-error.ts';
import { loadLinkedEstates } from './linked-estates.ts';
import { loadSharedDocuments, loadSharedLetters, loadSharedMemories, loadSharedMemoryDetail } from './shared-views.ts';

/**
 * The estate content page: the owner and relationship, a featured memory, the memories, documents
 * and letters the viewer may see there, and the estate's support team. An estate the viewer is not
 * linked to is not found (whether or not it exists).
 */
export async function getSharedEstate(ctx: Ctx, estateId: string): Promise<TSharedEstate> {
  const [estate] = await loadLinkedEstates(ctx, estateId);
  if (!estate) throw notFound('That estate');
  const [memories, documents, letters, team] = await Promise.all([
    loadSharedMemories(ctx, { estateId }),
    loadSharedDocuments(ctx, { estateId }),
    loadSharedLetters(ctx, { estateId }),
    ctx.db.select().from(supportTeamMembers).where(eq(supportTeamMembers.estateId, estateId)).orderBy(asc(supportTeamMembers.createdAt)),
  ]);
  // Featured: the most recent memory with a photo, else the most recent memory.
  const featured = memories.find((m) => m.previewUrl) ?? memories[0];
  return {
    estateId,
    owner: estate.owner,
    relationship: estate.relationship,
    status: estate.status,
    access: { memories: estate.access.memories, documents: estate.access.documents, messages: estate.access.messages },
    featuredMemory: featured ? await loadSharedMemoryDetail(ctx, featured.id) : null,
    memories,
    documents,
    letters: letters.map(({ estateId: _e, ownerName: _o, ...letter }) => letter),
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
