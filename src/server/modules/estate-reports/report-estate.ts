import type { Multipart } from '@fastify/multipart';
import { eq } from 'drizzle-orm';
import { todayIn } from '../../../core/delivery-rules.ts';
import { PROOF_DOCUMENT_KEYS, PROOF_DOCUMENT_TYPES, ZReportRequest, type ProofDocumentType, type TEstateReport } from '../../../core/lifecycle.schemas.ts';
import { reportEventAllowed, requiredProofs } from '../../../core/proof-rules.ts';
import type { Ctx } from '../../context.ts';
import { estates } from '../../db/schema/estates.ts';
import { estateReports, verificationItems } from '../../db/schema/lifecycle.ts';
import { users } from '../../db/schema/users.ts';
import { administratorsOf, reporterLinkOf } from '../../access/estate-roles.ts';
import { getSystemSettings } from '../../settings/get-system-settings.ts';
import { verificationRulesOf } from '../../settings/estate-administrator-settings.ts';
import { badRequest, conflict, notFound } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { inMailTransaction } from '../../mail/mailer.ts';
import { commitFiles, discardFiles, storeUpload, type FileRow } from '../../storage/stored-files.ts';
import { parseJsonFormField } from '../../lib/form-fields.ts';
import { inspectProof, PROOF_MAX_BYTES, proofTooLarge } from '../../lifecycle/proof-content.ts';
import { raiseAlert } from '../../lifecycle/raise-alert.ts';
import { publish } from '../../events/bus.ts';
import { reportView } from '../../lifecycle/report-view.ts';
import { announceTransition, applyTransition } from '../../lifecycle/transition-estate.ts';
import { routeReviewToStaff } from '../../lifecycle/route-review-to-staff.ts';

const isProofType = (name: string): name is ProofDocumentType => (PROOF_DOCUMENT_KEYS as string[]).includes(name);
const MAX_PROOFS = 8;

/**
 * Report a death or incapacity (PRODUCT.md §5 step 1): only someone linked to the estate (a
 * beneficiary or support-team member; anyone else gets 404) sends the `data` part, then the proof
 * files in parts named by document type. The files stream into encrypted storage with the document
 * checks (PDF, JPG or PNG by content, 10 MB). The event must be one the owner's activation condition
 * accepts, its date not in the future, and every required proof there (core/proof-rules.ts; 400
 * naming what is missing). Then, in one transaction, the report and its
 * verification items are recorded and the estate moves to verification_pending (409 when a report
 * is already open or the estate is past planning). In the same transaction (ADR 0077) its
 * administrators get a high-priority alert, the first trustees in line are asked, and the owner is
 * told in-app and by email, and can cancel.
 */
export async function reportEstate(ctx: Ctx, estateId: string, parts: AsyncIterable<Multipart>): Promise<TEstateReport> {
  const link = await reporterLinkOf(ctx.db, ctx.actor.userId, estateId);
  if (!link) throw notFound('That estate');
  const [owner] = await ctx.db.select({ name: users.name }).from(estates).innerJoin(users, eq(users.id, estates.ownerId)).where(eq(estates.id, estateId));
  const ownerName = owner?.name ?? 'The owner';
  let input: ReturnType<typeof ZReportRequest.parse> | undefined;
  const proofs: { type: ProofDocumentType; file: FileRow }[] = [];
  let committed = false;
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.fieldname !== 'data') throw badRequest(`Unknown field ${part.fieldname.slice(0, 40)}.`, { [part.fieldname.slice(0, 40)]: 'Unknown field' });
        input = parseJsonFormField(ZReportRequest, typeof part.value === 'string' ? part.value : '', 'report');
        continue;
      }
      if (!isProofType(part.fieldname) || !input || proofs.length >= MAX_PROOFS) {
        part.file.resume();
        if (!input) throw badRequest('Send the report details (the "data" part) before the files.', { data: 'Required first' });
        if (proofs.length >= MAX_PROOFS) throw badRequest(`Send at most ${MAX_PROOFS} proof documents.`);
        throw badRequest('Each proof file must be sent as one of: ' + PROOF_DOCUMENT_KEYS.join(', ') + '.', { [part.fieldname.slice(0, 40)]: 'Unknown document type' });
      }
      const file = await storeUpload(ctx, {
        estateId,
        uploadedBy: ctx.actor.userId,
        originalName: part.filename || `${part.fieldname}.pdf`,
        source: part.file,
        maxBytes: PROOF_MAX_BYTES,
        tooLarge: proofTooLarge,
        inspect: inspectProof,
      });
      proofs.push({ type: part.fieldname, file });
    }
    if (!input) throw badRequest('Say what happened: the report details are missing.', { data: 'Required' });
    if (!proofs.length) throw badRequest('Attach at least one proof document, such as the death certificate.', { proof: 'Attach a document' });

    const report = input;
    const now = ctx.clock.now();
    const [estate] = await ctx.db.select({ activationCondition: estates.activationCondition }).from(estates).where(eq(estates.id, estateId));
    if (!estate) throw notFound('That estate');
    if (!reportEventAllowed(estate.activationCondition, report.event)) {
      throw badRequest(`${ownerName} chose to release their estate only upon death, so an incapacity report cannot be made.`, { event: 'Only a passing can be reported for this estate' });
    }
    const { defaultTimeZone } = await getSystemSettings(ctx.db);
    if (report.eventDate && report.eventDate > todayIn(now, defaultTimeZone)) {
      throw badRequest('The date cannot be in the future.', { eventDate: 'Choose today or a date before' });
    }
    const rules = await verificationRulesOf(ctx, await administratorsOf(ctx.db, estateId));
    const missing = requiredProofs(report.event, rules.requiredDocuments).filter((type) => !proofs.some((p) => p.type === type));
    if (missing.length) {
      throw badRequest(
        `This estate's verification needs: ${missing.map((t) => PROOF_DOCUMENT_TYPES[t]).join(', ')}.`,
        Object.fromEntries(missing.map((t) => [t, 'Required for this estate'])),
      );
    }
    const [reporter] = await ctx.db.select({ name: users.name }).from(users).where(eq(users.id, ctx.actor.userId));
    const row = await inMailTransaction(ctx, async (tx) => {
      const db = tx.db;
      const applied = await applyTransition(db, ctx, estateId, 'report_submitted');
      const [row] = await db
        .insert(estateReports)
        .values({
          estateId,
          reportedBy: ctx.actor.userId,
          reporterName: reporter?.name ?? ctx.actor.name,
          relationship: report.relationship,
          event: report.event,
          eventDate: report.eventDate ?? null,
          createdAt: now,
        })
        .onConflictDoNothing()
        .returning();
      if (!row) throw conflict('A report about this estate is already being verified.');
      await db.insert(verificationItems).values(
        proofs.map((p) => ({ estateId, reportId: row.id, documentType: p.type, fileId: p.file.id, submittedBy: ctx.actor.userId, submittedAt: now })),
      );
      await commitFiles(db, proofs.map((p) => p.file.id));
      await audit(tx, { action: 'estate.reported', estateId, targetType: 'estate_report', targetId: row.id, details: { event: report.event, documents: proofs.length } });
      await announceTransition(tx, applied);
      await raiseAlert(tx, {
        estateId,
        type: 'verification',
        priority: 'high',
        message: `${row.reporterName} (${row.relationship}) reported a ${report.event === 'death' ? 'passing' : 'incapacity'}: ${proofs.length} document${proofs.length === 1 ? '' : 's'} to verify.`,
        dedupeKey: `report:${row.id}`,
      });
      await publish(tx, 'estate.reported', { report: row });
      await routeReviewToStaff(tx, estateId, row.id);
      // Set before the commit: a delivery failing after it must not discard the report's files (an
      // unfinished upload left by a failed commit is the upload sweep's).
      committed = true;
      return row;
    });
    return reportView(ctx.db, row, ctx.clock.now());
  } catch (error) {
    if (proofs.length && !committed) await discardFiles(ctx, proofs.map((p) => p.file)).catch(() => undefined);
    throw error;
  }
}
