import { computeCompletion } from '../../../core/completion.ts';
import { TOOL_CLIENTS_LIMIT } from '../../../core/planner-tools.schemas.ts';
import type { Ctx } from '../../context.ts';
import { toCsv } from '../../lib/csv.ts';
import { completionFacts } from '../../views/completion-facts.ts';
import { clientOwners } from './tool-clients.ts';

export const CLIENT_PROGRESS_HEADER = ['Name', 'Email', 'Phone', 'Progress %', 'Last active'];

/**
 * Client Progress Export: every client (up to TOOL_CLIENTS_LIMIT, `truncated` beyond) with their
 * overall completion by the completion rules and when they were last active (ISO 8601, UTC).
 * CSV by RFC 4180 with a UTF-8 byte-order mark, safe against spreadsheet formulas (lib/csv.ts).
 */
export async function clientProgressCsv(ctx: Ctx): Promise<{ filename: string; body: string; truncated: boolean }> {
  const owners = await clientOwners(ctx, TOOL_CLIENTS_LIMIT + 1);
  const shown = owners.slice(0, TOOL_CLIENTS_LIMIT);
  const rows = [];
  // One client at a time: the completion facts are a handful of small, indexed reads per estate.
  for (const o of shown) {
    const { overall } = computeCompletion(await completionFacts(ctx, o.estateId));
    rows.push([o.name, o.email, o.phone, overall, o.lastActiveAt?.toISOString() ?? null]);
  }
  const date = ctx.clock.now().toISOString().slice(0, 10);
  return { filename: `client-progress_${date}.csv`, body: toCsv(CLIENT_PROGRESS_HEADER, rows, { bom: true }), truncated: owners.length > TOOL_CLIENTS_LIMIT };
}
