import { and, eq } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { files } from '../../db/schema/files.ts';
import { notFound } from '../../lib/app-error.ts';
import { ownEstateId } from '../../lib/scope.ts';
import type { FileRow } from '../../storage/stored-files.ts';

/** A committed file of the actor's own estate; anything else (another estate's, pending) is "not found". */
export async function getOwnFile(ctx: Ctx, id: string): Promise<FileRow> {
  const estateId = ownEstateId(ctx, 'That file');
  const [row] = await ctx.db
    .select()
    .from(files)
    .where(and(eq(files.id, id), eq(files.estateId, estateId), eq(files.status, 'committed')));
  if (!row) throw notFound('That file');
  return row;
}
