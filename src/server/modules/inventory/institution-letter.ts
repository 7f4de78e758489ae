import path from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import yazl from 'yazl';
import { wishedActionText, type InventoryAction } from '../../../core/inventory.schemas.ts';
import { PROOF_DOCUMENT_TYPES, type ProofDocumentType } from '../../../core/lifecycle.schemas.ts';
import type { Ctx } from '../../context.ts';
import { estateExecutors } from '../../db/schema/executors.ts';
import { files } from '../../db/schema/files.ts';
import { estateReports, verificationItems } from '../../db/schema/lifecycle.ts';
import { inventoryEntries } from '../../db/schema/settlement.ts';
import { users } from '../../db/schema/users.ts';
import { conflict, notFound } from '../../lib/app-error.ts';
import { recordedDateOfDeath } from '../../lifecycle/date-of-death.ts';
import { audit } from '../../lib/audit.ts';
import { fileSlug, paragraph, renderPdf, type Pdf } from '../../lib/pdf.ts';
import { readStoredFile } from '../../storage/stored-files.ts';
import { ownerNameOf } from '../../safeguards/trustee-notices.ts';
import { assertInventoryAccess } from './inventory-access.ts';
import { letterReady } from './inventory-rows.ts';
import { letterFor, type LetterFacts } from './letters/index.ts';

const longDate = (d: Date) => d.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The estate's verified proofs (of its verified death report): what a letter encloses. */
async function verifiedProofs(ctx: Ctx, estateId: string) {
  return ctx.db
    .select({ type: verificationItems.documentType, file: files })
    .from(verificationItems)
    .innerJoin(estateReports, eq(estateReports.id, verificationItems.reportId))
    .innerJoin(files, eq(files.id, verificationItems.fileId))
    .where(and(eq(verificationItems.estateId, estateId), eq(verificationItems.status, 'verified'), eq(estateReports.status, 'verified'), eq(estateReports.event, 'death'), eq(files.status, 'committed')))
    .orderBy(asc(verificationItems.submittedAt), asc(verificationItems.id));
}

const proofLabel = (type: string) => PROOF_DOCUMENT_TYPES[type as ProofDocumentType] ?? 'Proof document';

/** How the signer stands to the estate, in the letter's words. */
async function signerRole(ctx: Ctx, estateId: string): Promise<string> {
  const [named] = await ctx.db
    .select({ position: estateExecutors.position })
    .from(estateExecutors)
    .where(and(eq(estateExecutors.estateId, estateId), eq(estateExecutors.userId, ctx.actor.userId)));
  if (named) return named.position === 'executor' ? 'Executor' : 'Deputy executor';
  return 'Estate administrator';
}

/** Everything one entry's letter says, from the entry, the estate and the signer — never the vault. */
async function letterOf(ctx: Ctx, estateId: string, entryId: string) {
  await assertInventoryAccess(ctx, estateId, 'settle');
  const [entry] = await ctx.db
    .select()
    .from(inventoryEntries)
    .where(and(eq(inventoryEntries.id, entryId), eq(inventoryEntries.estateId, estateId)));
  if (!entry) throw notFound('That inventory entry');
  if (!letterReady(entry)) {
    throw conflict(`A letter needs somewhere to go: add the name and postal address of the institution that holds “${entry.name}” to this entry first.`, {
      institutionAddress: 'Add the institution’s postal address',
    });
  }
  const [dateOfDeath, [signer], ownerName, proofs, role] = await Promise.all([
    recordedDateOfDeath(ctx.db, estateId),
    ctx.db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, ctx.actor.userId)),
    ownerNameOf(ctx, estateId),
    verifiedProofs(ctx, estateId),
    signerRole(ctx, estateId),
  ]);
  const died = dateOfDeath ? new Date(`${dateOfDeath}T00:00:00Z`) : ctx.clock.now();
  const facts: LetterFacts = {
    ownerName,
    dateOfDeath: longDate(died),
    institution: entry.institution,
    institutionAddress: entry.institutionAddress.split('\n'),
    accountName: entry.name,
    reference: entry.reference,
    transferTo: entry.transferTo,
    executorName: signer?.name ?? '',
    executorEmail: signer?.email ?? '',
    executorRole: role,
    enclosures: proofs.map((p) => `Copy of the ${proofLabel(p.type).toLowerCase()} (verified)`),
  };
  return { entry, facts, proofs, fileName: `letter-${fileSlug(facts.institution)}-${fileSlug(ownerName)}` };
}

function drawLetter(doc: Pdf, facts: LetterFacts, action: InventoryAction | null, today: string): void {
  const text = letterFor(action, facts);
  doc.fillColor('#1c1917').font('Helvetica-Bold').fontSize(11).text(facts.executorName);
  doc.font('Helvetica').text(`${facts.executorRole} of the estate of ${facts.ownerName}`).text(facts.executorEmail);
  doc.moveDown(1).text(today).moveDown(1);
  doc.text([facts.institution, ...facts.institutionAddress].join('\n')).moveDown(1);
  doc.font('Helvetica-Bold').text(text.subject).moveDown(0.5);
  doc.font('Helvetica');
  const rows: [string, string][] = [
    ['Name of the deceased', facts.ownerName],
    ['Date of death', facts.dateOfDeath],
    ['Account', facts.accountName],
    ['Reference', facts.reference ?? 'Not known — please search by the name and date of death'],
  ];
  if (action) rows.push(['Asked for', wishedActionText({ wishedAction: action, transferTo: facts.transferTo })]);
  for (const [label, value] of rows) doc.text(`${label}: ${value}`);
  doc.moveDown(1);
  doc.text('Dear Sir or Madam,').moveDown(0.5);
  for (const p of text.paragraphs) paragraph(doc, p);
  doc.moveDown(0.5).text('Yours faithfully,').moveDown(2).text(facts.executorName).text(facts.executorRole);
  doc.moveDown(1).font('Helvetica-Bold').text('Enclosures').font('Helvetica');
  doc.text(facts.enclosures.length ? facts.enclosures.map((e, i) => `${i + 1}. ${e}`).join('\n') : 'None');
}

/** The letter alone, as a PDF. */
export async function institutionLetterPdf(ctx: Ctx, estateId: string, entryId: string): Promise<{ body: Buffer; fileName: string }> {
  const { entry, facts, fileName } = await letterOf(ctx, estateId, entryId);
  const body = await renderPdf(`Letter to ${facts.institution}`, (doc) => drawLetter(doc, facts, entry.wishedAction as InventoryAction | null, longDate(ctx.clock.now())));
  await audit(ctx, { action: 'inventory.letter_made', estateId, targetType: 'inventory_entry', targetId: entryId, details: { enclosures: 0 } });
  return { body, fileName: `${fileName}.pdf` };
}

/** The letter with copies of the verified proofs it lists, as one ZIP to print or attach. */
export async function institutionLetterBundle(ctx: Ctx, estateId: string, entryId: string): Promise<{ body: Buffer; fileName: string }> {
  const { entry, facts, proofs, fileName } = await letterOf(ctx, estateId, entryId);
  const letter = await renderPdf(`Letter to ${facts.institution}`, (doc) => drawLetter(doc, facts, entry.wishedAction as InventoryAction | null, longDate(ctx.clock.now())));
  const zip = new yazl.ZipFile();
  zip.addBuffer(letter, `${fileName}.pdf`);
  for (const [i, proof] of proofs.entries()) {
    const ext = path.extname(proof.file.originalName).toLowerCase() || '.pdf';
    zip.addBuffer(await readStoredFile(ctx, proof.file), `enclosure-${i + 1}-${fileSlug(proofLabel(proof.type))}${ext}`);
  }
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  await audit(ctx, { action: 'inventory.letter_made', estateId, targetType: 'inventory_entry', targetId: entryId, details: { enclosures: proofs.length } });
  return { body: Buffer.concat(chunks), fileName: `${fileName}.zip` };
}
