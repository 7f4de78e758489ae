import type { TLatestLegacyExport } from '../../../core/legacy-export.schemas.ts';
import type { Ctx } from '../../context.ts';
import { ownEstateId } from '../../lib/scope.ts';
import { latestExportOf, toLegacyExport } from './legacy-export-view.ts';

/** The owner's newest export and how far it has come (polled by Settings while it runs). */
export async function getLatestLegacyExport(ctx: Ctx): Promise<TLatestLegacyExport> {
  ownEstateId(ctx, 'Your estate');
  const row = await latestExportOf(ctx.db, ctx.actor.userId);
  return { export: row ? toLegacyExport(row) : null };
}
