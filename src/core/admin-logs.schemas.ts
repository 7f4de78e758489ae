import { z } from 'zod';
import { zId, zIsoDate } from './common.schemas.ts';
import { zPlainText } from './beneficiaries.schemas.ts';
import { zCursor } from './keyset.schemas.ts';

/**
 * Logs (/admin/logs): the platform audit log, newest first, keyset-paged on id (ADR 0029).
 *   GET /api/v1/admin/logs?q&actor&action&from&to&cursor     → ZAuditLogPage   read:audit-log:any
 *   GET /api/v1/admin/logs/actions                           → ZAuditActions   read:audit-log:any
 *   GET /api/v1/admin/logs.csv?q&actor&action&from&to         → text/csv        read:audit-log:any
 * `from` and `to` are dates in the system's default time zone, both days included.
 */
export const AUDIT_LOG_PAGE_SIZE = 50;

const filterFields = {
  q: zPlainText(100).optional(),
  actor: zId.optional(),
  action: z
    .string()
    .trim()
    .max(100)
    .regex(/^[a-z0-9_.]*$/, { message: 'Not an action name' })
    .optional(),
  from: zIsoDate.optional(),
  to: zIsoDate.optional(),
};
const datesInOrder = (f: { from?: string | undefined; to?: string | undefined }) => !f.from || !f.to || f.from <= f.to;
const datesMessage = { message: 'The start date must be on or before the end date', path: ['to'] };

export const ZAuditLogFilters = z.object(filterFields).strict().refine(datesInOrder, datesMessage);
export type TAuditLogFilters = z.infer<typeof ZAuditLogFilters>;

export const ZAuditLogQuery = z
  .object({
    ...filterFields,
    cursor: zCursor(['serial']).optional(),
  })
  .strict()
  .refine(datesInOrder, datesMessage);
export type TAuditLogQuery = z.infer<typeof ZAuditLogQuery>;

export const ZAuditLogEntry = z.object({
  id: z.string(),
  at: z.string(),
  actorId: z.string().nullable(),
  /** null for the system (jobs) or a deleted account. */
  actorName: z.string().nullable(),
  actorEmail: z.string().nullable(),
  action: z.string(),
  description: z.string(),
  /** "memory 3f2a…" — the kind and a shortened id of what was acted on; '' when nothing. */
  target: z.string(),
  ip: z.string(),
});
export type TAuditLogEntry = z.infer<typeof ZAuditLogEntry>;
export const ZAuditLogPage = z.object({ items: z.array(ZAuditLogEntry), nextCursor: z.string().nullable(), actorName: z.string().nullable() });
export type TAuditLogPage = z.infer<typeof ZAuditLogPage>;

export const ZAuditActions = z.object({ items: z.array(z.object({ action: z.string(), description: z.string() })) });
export type TAuditActions = z.infer<typeof ZAuditActions>;
