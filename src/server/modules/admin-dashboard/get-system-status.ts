import { and, count, eq, gt, isNotNull, isNull, max, sql, sum } from 'drizzle-orm';
import { SYSTEM_STATUS_RULES, type TSystemHealth, type TSystemStatus } from '../../../core/admin-dashboard.schemas.ts';
import type { Ctx } from '../../context.ts';
import { files } from '../../db/schema/files.ts';
import { outboxEmails } from '../../db/schema/system.ts';

type Part<K extends keyof TSystemStatus> = TSystemStatus[K];

async function database(ctx: Ctx): Promise<Part<'database'>> {
  try {
    const { rows } = await ctx.database.execute('SELECT pg_database_size(current_database())::bigint AS size');
    return { status: 'operational', sizeBytes: Number(rows[0]?.size ?? 0) };
  } catch {
    return { status: 'down', sizeBytes: null };
  }
}

/** Committed files' plain sizes from the files table; Down when the store does not answer its check. */
async function storage(ctx: Ctx): Promise<Part<'storage'>> {
  const [[row], reachable] = await Promise.all([
    ctx.db.select({ bytes: sum(files.size), n: count() }).from(files).where(eq(files.status, 'committed')),
    ctx.files.check().then(
      () => true,
      () => false,
    ),
  ]);
  return { status: reachable ? 'operational' : 'down', usedBytes: Number(row?.bytes ?? 0), files: Number(row?.n ?? 0) };
}

async function jobs(ctx: Ctx): Promise<Part<'jobs'>> {
  try {
    const s = await ctx.jobs.stats();
    const status: TSystemHealth =
      s.failed >= SYSTEM_STATUS_RULES.jobsFailedDown
        ? 'down'
        : s.failed > 0 || s.retrying > 0 || s.queued > SYSTEM_STATUS_RULES.jobsQueuedDegraded
          ? 'degraded'
          : 'operational';
    return { status, ...s };
  } catch {
    return { status: 'down', queued: 0, active: 0, retrying: 0, failed: 0 };
  }
}

/** Unsent mail (the partial index outbox_unsent_idx), recently failing among it, and the newest sent one (outbox_sent_idx). */
async function mail(ctx: Ctx): Promise<Part<'mail'>> {
  const since = new Date(ctx.clock.now().getTime() - SYSTEM_STATUS_RULES.mailFailingHours * 3_600_000);
  const [[unsent], [sent]] = await Promise.all([
    ctx.db
      .select({ waiting: count(), failing: sql<number>`count(*) FILTER (WHERE ${and(isNotNull(outboxEmails.error), gt(outboxEmails.createdAt, since))})::int` })
      .from(outboxEmails)
      .where(isNull(outboxEmails.sentAt)),
    ctx.db.select({ last: max(outboxEmails.sentAt) }).from(outboxEmails).where(and(isNotNull(outboxEmails.sentAt))),
  ]);
  const failing = Number(unsent?.failing ?? 0);
  const status: TSystemHealth = failing >= SYSTEM_STATUS_RULES.mailFailingDown ? 'down' : failing > 0 ? 'degraded' : 'operational';
  return { status, lastSentAt: sent?.last ? new Date(sent.last).toISOString() : null, failing, waiting: Number(unsent?.waiting ?? 0) };
}

/**
 * System status from the real parts, each asked at the same time (ADR 0028 gives the rules of
 * the words): the database answers and says its size; the file store answers its check; the job
 * queue's counts; the outbox's unsent and failing mail and when mail last went out.
 */
export async function getSystemStatus(ctx: Ctx): Promise<TSystemStatus> {
  const [d, s, j, m] = await Promise.all([database(ctx), storage(ctx), jobs(ctx), mail(ctx).catch(() => null)]);
  return { database: d, storage: s, jobs: j, mail: m ?? { status: 'down', lastSentAt: null, failing: 0, waiting: 0 } };
}
