/**
 * The estate lifecycle's API (PRODUCT.md §5, issue 9): reporting a death or incapacity with proof,
 * the owner withdrawing a report, and the estate administrator's verifications, estates, alerts and
 * settings. Routes (all under /api/v1):
 *
 *   GET    reportable-estates?estateId&cursor&limit          who the caller may report about → ZReportableEstates
 *   POST   estates/:estateId/reports          (multipart)   report + proof files      → 201 ZEstateReport
 *   GET    estate/lifecycle                                 the owner's view           → ZOwnerLifecycle
 *   POST   estate/reports/:id/withdraw                      the owner cancels          → ZOwnerLifecycle
 *   GET    estate-admin/dashboard                                                      → ZEstateAdministratorDashboard
 *   GET    estate-admin/estates?q&status&cursor                                        → ZAdministeredEstatePage
 *   GET    estate-admin/estates/:id                                                    → ZAdministeredEstateDetail
 *   POST   estate-admin/estates/:id/transition  { event }   Activate / Update Status   → ZAdministeredEstateDetail
 *   GET    estate-admin/estates/:id/beneficiaries/:beneficiaryId/access   View Access  → ZBeneficiaryAccessView
 *   GET    estate-admin/verifications?status&estateId&cursor                           → ZVerificationPage
 *   POST   estate-admin/verifications/:id/approve                                      → ZVerificationItem
 *   POST   estate-admin/verifications/:id/reject  { reason }                           → ZVerificationItem
 *   POST   estate-admin/verifications/:id/preview                                      → ZPreviewUrl (short-lived)
 *   GET    verification-files/:id?exp&sig       the preview frame's document (session + signature)
 *   GET    estate-admin/alerts?status&cursor&limit                                     → ZAlertList
 *   POST   estate-admin/alerts/:id/take-action | resolve                               → ZEstateAlert
 *   GET    estate-admin/settings  ·  PUT estate-admin/settings                         → ZEstateAdministratorSettings
 */
import { z } from 'zod';
import { ZReportSafeguards } from './trustee.schemas.ts';
import { zId, zIsoDate } from './common.schemas.ts';
import { REQUIRED_DOCUMENT_OPTIONS, VERIFICATION_TIMEOUTS } from './constants.ts';
import { ESTATE_EVENTS, ESTATE_STATUSES } from './lifecycle.ts';
import { zRequiredText } from './beneficiaries.schemas.ts';
import { zCursor, zPageSize } from './keyset.schemas.ts';

/** Proof documents a report may carry; the multipart part name is the key. */
export const PROOF_DOCUMENT_TYPES = {
  death_certificate: 'Death Certificate',
  will: 'Last Will and Testament',
  power_of_attorney: 'Power of Attorney',
  medical: 'Medical documentation',
} as const;
export type ProofDocumentType = keyof typeof PROOF_DOCUMENT_TYPES;
export const PROOF_DOCUMENT_KEYS = Object.keys(PROOF_DOCUMENT_TYPES) as ProofDocumentType[];
/** Which proof a setting's label ("Death Certificate") means. */
export const proofTypeOfLabel = (label: string): ProofDocumentType | undefined =>
  PROOF_DOCUMENT_KEYS.find((k) => PROOF_DOCUMENT_TYPES[k] === label);

export const PROOF_UPLOAD_HINT = 'PDF, JPG or PNG up to 10MB each';

export const zEstateStatus = z.enum(ESTATE_STATUSES);
export const zEstateEvent = z.enum(ESTATE_EVENTS);

// ── reporting ───────────────────────────────────────────────────────────────────────────────

/** The `data` part of the multipart report form; proof files follow as parts named by type. */
export const ZReportRequest = z
  .object({
    event: z.enum(['death', 'incapacity']),
    relationship: zRequiredText(80),
    eventDate: zIsoDate.nullable().default(null),
  })
  .strict();
export type TReportRequest = z.input<typeof ZReportRequest>;

export const ZReportableEstate = z.object({
  estateId: z.string(),
  ownerName: z.string(),
  /** how the caller is linked: beneficiary relationship, or the support-team role */
  linkedAs: z.string(),
  status: zEstateStatus,
  hasOpenReport: z.boolean(),
  /** The open report's veto-window countdown and trustee confirmations (everyone involved sees them). */
  safeguards: ZReportSafeguards.nullable(),
});
/**
 * GET reportable-estates?estateId&cursor&limit: in the owner's name order; `estateId` asks about one
 * estate (the estate page). A name cursor the server wrote, or a 400.
 */
export const REPORTABLE_ESTATES_PAGE = 25;
export const ZReportableEstatesQuery = z.object({ estateId: zId.optional(), cursor: zCursor(['name', 'id']).optional(), limit: zPageSize(REPORTABLE_ESTATES_PAGE) }).strict();
export type TReportableEstatesQuery = z.output<typeof ZReportableEstatesQuery>;
export const ZReportableEstates = z.object({
  items: z.array(ZReportableEstate),
  /** give back as `cursor` for the next page; null on the last page */
  nextCursor: z.string().nullable(),
});
export type TReportableEstates = z.infer<typeof ZReportableEstates>;
export type TReportableEstate = z.infer<typeof ZReportableEstate>;

/** not_needed: still waiting when its report was decided or withdrawn, so never reviewed (ADR 0078). */
export const ZVerificationStatus = z.enum(['pending', 'verified', 'rejected', 'not_needed']);
export const ZReportItem = z.object({
  id: z.string(),
  documentType: z.string(),
  documentLabel: z.string(),
  fileName: z.string(),
  status: ZVerificationStatus,
  rejectionReason: z.string().nullable(),
});
export const ZEstateReport = z.object({
  id: z.string(),
  estateId: z.string(),
  event: z.enum(['death', 'incapacity']),
  eventDate: z.string().nullable(),
  reporterName: z.string(),
  relationship: z.string(),
  status: z.enum(['open', 'withdrawn', 'rejected', 'verified', 'ended']),
  createdAt: z.string(),
  items: z.array(ZReportItem),
  /** The veto window's countdown and the trustee quorum (issue 13; null for a report that is over). */
  safeguards: ZReportSafeguards.nullable().optional(),
});
export type TEstateReport = z.infer<typeof ZEstateReport>;

/** What the owner sees: the estate's state and the open report they can cancel. */
export const ZOwnerLifecycle = z.object({
  status: zEstateStatus,
  openReport: ZEstateReport.nullable(),
});
export type TOwnerLifecycle = z.infer<typeof ZOwnerLifecycle>;

// ── the estate administrator ────────────────────────────────────────────────────────────────

export const ZVerificationPriority = z.enum(['high', 'medium', 'completed']);
export const ZVerificationItem = z.object({
  id: z.string(),
  estateId: z.string(),
  estateName: z.string(),
  documentType: z.string(),
  documentLabel: z.string(),
  submittedBy: z.string(),
  relationship: z.string(),
  submittedDate: z.string(),
  status: ZVerificationStatus,
  verifiedDate: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  /** high: past the verification timeout; medium: pending within it; completed: reviewed */
  priority: ZVerificationPriority,
  /** why the signed-in administrator may not review it (they reported it or confirmed it as a trustee, ADR 0076); null: they may */
  cannotReview: z.string().nullable(),
});
export type TVerificationItem = z.infer<typeof ZVerificationItem>;
export const ZVerificationQuery = z
  .object({
    status: ZVerificationStatus.optional(),
    estateId: zId.optional(),
    cursor: zCursor(['instant', 'id']).optional(),
  })
  .strict();
export const ZVerificationPage = z.object({
  items: z.array(ZVerificationItem),
  nextCursor: z.string().nullable(),
  counts: z.object({ pending: z.number(), verified: z.number(), rejected: z.number() }),
});
export type TVerificationPage = z.infer<typeof ZVerificationPage>;
export const ZRejectRequest = z.object({ reason: zRequiredText(500) }).strict();
export const ZPreviewUrl = z.object({ url: z.string(), expiresAt: z.string(), mimeType: z.string(), fileName: z.string() });
export type TPreviewUrl = z.infer<typeof ZPreviewUrl>;

export const ZAdministeredEstate = z.object({
  id: z.string(),
  name: z.string(),
  status: zEstateStatus,
  submittedDate: z.string().nullable(),
  activationDate: z.string().nullable(),
  beneficiaries: z.number(),
  documents: z.number(),
  /** verified share of the open report's proof items, 0–100 */
  verificationProgress: z.number(),
  /** the transitions the administrator may trigger now (drives Verify / Activate / Update Status) */
  allowedEvents: z.array(zEstateEvent),
  /** While the owner's veto window keeps Activate back: when it ends, and the line shown instead of the button (ADR 0078). */
  activationOpens: z.object({ at: z.string(), words: z.string() }).nullable(),
});
export type TAdministeredEstate = z.infer<typeof ZAdministeredEstate>;
export const ZAdministeredEstateQuery = z
  .object({ q: z.string().trim().max(100).optional(), status: zEstateStatus.optional(), cursor: zCursor(['name', 'id']).optional() })
  .strict();
export const ZAdministeredEstatePage = z.object({
  items: z.array(ZAdministeredEstate),
  nextCursor: z.string().nullable(),
  tiles: z.object({ total: z.number(), pendingVerification: z.number(), active: z.number() }),
});
export type TAdministeredEstatePage = z.infer<typeof ZAdministeredEstatePage>;

export const ADMINISTERED_BENEFICIARY_PAGE_SIZE = 25;
export const ZAdministeredBeneficiary = z.object({ id: z.string(), name: z.string(), relationship: z.string(), email: z.string(), linked: z.boolean() });
/** GET /api/v1/estate-admin/estates/:id/beneficiaries — the next pages, in name order ("First Last", id). */
export const ZAdministeredBeneficiaryQuery = z.object({ cursor: zCursor(['name', 'id']).optional(), limit: zPageSize(ADMINISTERED_BENEFICIARY_PAGE_SIZE) }).strict();
export type TAdministeredBeneficiaryQuery = z.infer<typeof ZAdministeredBeneficiaryQuery>;
export const ZAdministeredBeneficiaryPage = z.object({ items: z.array(ZAdministeredBeneficiary), nextCursor: z.string().nullable() });
export type TAdministeredBeneficiaryPage = z.infer<typeof ZAdministeredBeneficiaryPage>;

export const ZAdministeredEstateDetail = ZAdministeredEstate.extend({
  owner: z.object({ name: z.string(), email: z.string(), dateOfBirth: z.string().nullable(), dateOfDeath: z.string().nullable() }),
  activationCondition: z.string(),
  releaseSchedule: z.string(),
  activatedAt: z.string().nullable(),
  createdAt: z.string(),
  legacy: z.object({ memories: z.number(), documents: z.number(), messages: z.number(), completion: z.number() }),
  report: ZEstateReport.nullable(),
  /** the first page of the owner's beneficiaries (name order); `beneficiaries` above is how many in all */
  beneficiaryList: ZAdministeredBeneficiaryPage,
});
export type TAdministeredEstateDetail = z.infer<typeof ZAdministeredEstateDetail>;
export const ZTransitionRequest = z.object({ event: zEstateEvent }).strict();

export const ALERT_TYPES = ['verification', 'activation', 'security', 'document'] as const;
export const ALERT_PRIORITIES = ['high', 'medium', 'low'] as const;
export const ALERT_STATUSES = ['unread', 'in_progress', 'resolved'] as const;
export const ZEstateAlert = z.object({
  id: z.string(),
  estateId: z.string(),
  estateName: z.string(),
  type: z.enum(ALERT_TYPES),
  message: z.string(),
  time: z.string(),
  priority: z.enum(ALERT_PRIORITIES),
  status: z.enum(ALERT_STATUSES),
  /** a high-priority alert not acted on within the response guideline (1 hour) */
  overdue: z.boolean(),
});
export type TEstateAlert = z.infer<typeof ZEstateAlert>;
export const ALERT_PAGE_MAX = 100;
export const ZAlertQuery = z
  .object({
    status: z.enum(ALERT_STATUSES).optional(),
    cursor: zCursor(['instant', 'id']).optional(),
    limit: z.coerce.number().int().min(1).max(ALERT_PAGE_MAX).default(25),
  })
  .strict();
export const ZAlertList = z.object({
  items: z.array(ZEstateAlert),
  /** give back as `cursor` for the next page; null on the last page */
  nextCursor: z.string().nullable(),
  counts: z.object({ unread: z.number(), in_progress: z.number(), resolved: z.number(), high: z.number() }),
});
export type TAlertList = z.infer<typeof ZAlertList>;

/** The estate administrator's own settings (their alert checkboxes and verification rules). */
export const ALERT_SETTING_LABELS = {
  verification: 'New verification submissions',
  activation: 'Activation requests',
  security: 'Security alerts',
  document: 'Document updates',
} as const;
export const ZEstateAdministratorSettings = z
  .object({
    alerts: z.object({ verification: z.boolean(), activation: z.boolean(), security: z.boolean(), document: z.boolean() }).strict(),
    emailNotifications: z.boolean(),
    verificationTimeout: z.enum(Object.keys(VERIFICATION_TIMEOUTS) as [keyof typeof VERIFICATION_TIMEOUTS, ...(keyof typeof VERIFICATION_TIMEOUTS)[]]),
    requiredDocuments: z.array(z.enum(REQUIRED_DOCUMENT_OPTIONS)).min(1, { message: 'Choose at least one document' }),
  })
  .strict();
export type TEstateAdministratorSettings = z.infer<typeof ZEstateAdministratorSettings>;
export const DEFAULT_ESTATE_ADMINISTRATOR_SETTINGS: TEstateAdministratorSettings = {
  alerts: { verification: true, activation: true, security: true, document: true },
  emailNotifications: true,
  verificationTimeout: '48h',
  requiredDocuments: ['Death Certificate'],
};
export const VERIFICATION_TIMEOUT_MS: Record<keyof typeof VERIFICATION_TIMEOUTS, number> = {
  '24h': 24 * 3_600_000,
  '48h': 48 * 3_600_000,
  '72h': 72 * 3_600_000,
  '1w': 7 * 24 * 3_600_000,
};

export const ZEstateAdministratorDashboard = z.object({
  tiles: z.object({ totalEstates: z.number(), pendingVerifications: z.number(), activationPending: z.number(), activeEstates: z.number(), openAlerts: z.number() }),
  recentAlerts: z.array(ZEstateAlert),
  pendingVerifications: z.array(ZVerificationItem),
});
export type TEstateAdministratorDashboard = z.infer<typeof ZEstateAdministratorDashboard>;
