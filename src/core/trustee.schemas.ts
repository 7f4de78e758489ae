/** What a trustee sees and answers (issue 13, part C), and the countdown everyone involved sees. */
import { z } from 'zod';
import { zCursor, zPageSize } from './keyset.schemas.ts';

export const ZReportSafeguards = z.object({
  /** Nothing can be released before this instant. */
  windowEndsAt: z.string(),
  /** "Nothing can be released before 1 Dec 2026, 10:00 UTC — 5 days left". */
  countdown: z.string(),
  windowOver: z.boolean(),
  quorumNeeded: z.number().int(),
  confirmations: z.number().int(),
});
export type TReportSafeguards = z.infer<typeof ZReportSafeguards>;

export const ZTrusteeReport = z.object({
  reportId: z.string(),
  ownerName: z.string(),
  reporterName: z.string(),
  relationship: z.string(),
  event: z.enum(['death', 'incapacity']),
  eventDate: z.string().nullable(),
  reportedAt: z.string(),
  /** open | withdrawn | rejected | verified */
  reportStatus: z.string(),
  safeguards: ZReportSafeguards,
  /** Your latest request: when it is due and what you answered (null: still yours to answer). */
  myAnswer: z.enum(['confirmed', 'denied']).nullable(),
  dueAt: z.string(),
  passedOver: z.boolean(),
  /** True while you may still answer. */
  canAnswer: z.boolean(),
});
export type TTrusteeReport = z.infer<typeof ZTrusteeReport>;
/** GET trustee/reports?cursor&limit: the reports a trustee was asked about, newest report first. */
export const TRUSTEE_REPORTS_PAGE_SIZE = 20;
export const ZTrusteeReportsQuery = z.object({ cursor: zCursor(['instant', 'id']).optional(), limit: zPageSize(TRUSTEE_REPORTS_PAGE_SIZE) }).strict();
export type TTrusteeReportsQuery = z.output<typeof ZTrusteeReportsQuery>;
export const ZTrusteeReports = z.object({
  items: z.array(ZTrusteeReport),
  /** give back as `cursor` for the next page; null on the last page */
  nextCursor: z.string().nullable(),
});
export type TTrusteeReports = z.infer<typeof ZTrusteeReports>;

export const ZTrusteeAnswerRequest = z.object({ answer: z.enum(['confirm', 'deny']) }).strict();
export const ZReportIdParams = z.object({ reportId: z.uuid() }).strict();

export const ZVetoTokenRequest = z.object({ token: z.string().min(10).max(200) }).strict();
export const ZVetoLinkPreview = z.object({
  ownerName: z.string(),
  event: z.enum(['death', 'incapacity']),
  reporterName: z.string(),
  reportedAt: z.string(),
  countdown: z.string(),
});
export type TVetoLinkPreview = z.infer<typeof ZVetoLinkPreview>;
export const ZVetoCancelled = z.object({ cancelled: z.literal(true), ownerName: z.string() });
