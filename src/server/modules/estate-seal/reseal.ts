import type { Multipart } from '@fastify/multipart';
import { and, eq } from 'drizzle-orm';
import {
  resealPartName,
  SEALED_ARMOR_MAX,
  SEALED_ITEM_TYPES,
  SEALED_PART_NAMES,
  ZResealRequest,
  type TEstateSeal,
  type TResealRequest,
  type TSealedItemParts,
} from '../../../core/estate-seal.schemas.ts';
import { isArmoredAge } from '../../../core/seal/armor.ts';
import type { Ctx } from '../../context.ts';
import { currentSealOf } from '../../access/estate-seal.ts';
import { trusteesOf } from '../../access/trustees.ts';
import { estateSeals, sealedContents } from '../../db/schema/estate-seal.ts';
import { documents } from '../../db/schema/documents.ts';
import { memoryMedia } from '../../db/schema/memories.ts';
import { files } from '../../db/schema/files.ts';
import { inMailTransaction } from '../../mail/mailer.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { parseJsonFormField } from '../../lib/form-fields.ts';
import { ownEstateId } from '../../lib/scope.ts';
import { lockEstateForSafeguards, saveReleaseRules } from '../../safeguards/safeguards-edit.ts';
import { replaceTrustees } from '../../safeguards/replace-trustees.ts';
import { putSealed, putSealedFile, SEALED_FILE_UPLOAD, type SealedItemType, type SealedPartName } from '../../sealed/sealed-contents.ts';
import { releaseRulesOf } from '../../settings/release-rules-of.ts';
import { cleanFileName, commitFiles, discardFiles, retireFiles, storeUpload, type FileRow } from '../../storage/stored-files.ts';
import { getEstateSeal } from './get-estate-seal.ts';
import { keepSeal } from './keep-seal.ts';
import { ERROR_CODES } from '../../../core/errors.ts';

/** Every sealed part of the current seal, still sealed: the owner's browser opens them with the Owner Kit to seal them again. */
export async function listSealedParts(ctx: Ctx): Promise<TSealedItemParts> {
  const estateId = ownEstateId(ctx, 'Your seal');
  const seal = await currentSealOf(ctx.db, estateId);
  if (!seal) throw notFound('Your seal');
  const rows = await ctx.db
    .select({ itemType: sealedContents.itemType, itemId: sealedContents.itemId, part: sealedContents.part, armoredEnc: sealedContents.armoredEnc, fileId: sealedContents.fileId })
    .from(sealedContents)
    .where(eq(sealedContents.sealId, seal.id));
  return {
    sealTag: seal.sealTag,
    items: rows.map((r) => ({
      itemType: r.itemType as SealedItemType,
      itemId: r.itemId,
      part: r.part as SealedPartName,
      armored: r.armoredEnc === null ? null : ctx.secrets.decrypt(r.armoredEnc),
      fileId: r.fileId,
    })),
  };
}

type ReceivedPart = { itemType: SealedItemType; itemId: string; part: SealedPartName } & ({ armored: string } | { file: FileRow });

const PART_NAME = new RegExp(`^(${SEALED_ITEM_TYPES.join('|')}):([0-9a-f-]{36}):(${SEALED_PART_NAMES.join('|')})$`);
const badPart = () => badRequest('Send the re-sealing as its "request" field, then each sealed part once, named as the list of sealed items names it.');

async function readArmor(source: AsyncIterable<Buffer>): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of source) {
    size += chunk.length;
    if (size > SEALED_ARMOR_MAX) throw new AppError(ERROR_CODES.tooLarge, 413, 'A sealed letter or text is larger than it can be.');
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (!isArmoredAge(text)) throw badRequest('A sealed part must be sealed in your browser before it is sent.');
  return text;
}

/** Reads the request field and every sealed part; a document's age file streams into storage (pending). */
async function receiveReseal(ctx: Ctx, estateId: string, parts: AsyncIterable<Multipart>, received: ReceivedPart[]): Promise<TResealRequest> {
  let input: TResealRequest | undefined;
  const seen = new Set<string>();
  for await (const part of parts) {
    if (part.type === 'field') {
      if (part.fieldname !== 'request' || input || part.valueTruncated) throw badPart();
      input = parseJsonFormField(ZResealRequest, typeof part.value === 'string' ? part.value : '', 're-sealing');
      continue;
    }
    const match = PART_NAME.exec(part.fieldname);
    if (!input || !match || seen.has(part.fieldname)) {
      part.file.resume();
      throw badPart();
    }
    seen.add(part.fieldname);
    const key = { itemType: match[1] as SealedItemType, itemId: match[2]!, part: match[3] as SealedPartName };
    // a document's part is its file; a memory's, a story or a file; the others', text
    const fits = key.part === 'file' ? key.itemType === 'document' || key.itemType === 'memory' : key.itemType !== 'document';
    if (!fits) {
      part.file.resume();
      throw badPart();
    }
    if (key.part !== 'file') {
      received.push({ ...key, armored: await readArmor(part.file) });
      continue;
    }
    const file = await storeUpload(ctx, {
      estateId,
      uploadedBy: ctx.actor.userId,
      originalName: cleanFileName(part.filename, 'document.pdf.age'),
      source: part.file,
      ...SEALED_FILE_UPLOAD,
    });
    received.push({ ...key, file });
  }
  if (!input) throw badPart();
  return input;
}

/**
 * Re-sealing: new trustees (in order) and number needed, the new seal and its kits, and every sealed
 * part sealed again to it, kept in one transaction. The old seal is retired and no part stays sealed
 * to it — the old age files of documents, photos, videos and recordings are deleted — so its kits open nothing the server or a new capsule
 * holds. Refused whole (409) when the seal or the sealed parts changed meanwhile.
 */
export async function reseal(ctx: Ctx, parts: AsyncIterable<Multipart>): Promise<TEstateSeal> {
  const estateId = ownEstateId(ctx, 'Your seal');
  const received: ReceivedPart[] = [];
  const newFiles = () => received.flatMap((r) => ('file' in r ? [r.file] : []));
  let oldFiles: Pick<FileRow, 'id' | 'storageKey'>[] = [];
  try {
    const input = await receiveReseal(ctx, estateId, parts, received);
    oldFiles = await inMailTransaction(ctx, async (tx) => {
      await lockEstateForSafeguards(tx.db, estateId);
      const old = await currentSealOf(tx.db, estateId);
      if (!old) throw notFound('Your seal');
      if (old.sealTag !== input.previousSealTag) throw conflict('Your seal was changed on another page meanwhile. Nothing was saved: open Sealing again and start over.');
      const held = await tx.db
        .select({ itemType: sealedContents.itemType, itemId: sealedContents.itemId, part: sealedContents.part, fileId: sealedContents.fileId, fileName: files.originalName })
        .from(sealedContents)
        .leftJoin(files, eq(files.id, sealedContents.fileId))
        .where(eq(sealedContents.sealId, old.id));
      const given = new Set(received.map(resealPartName));
      if (held.length !== given.size || held.some((h) => !given.has(resealPartName(h)))) {
        throw conflict('Your sealed items changed while they were being sealed again. Nothing was saved: start over.');
      }
      await replaceTrustees(tx, estateId, input.trusteeUserIds);
      const rules = await releaseRulesOf(tx.db, estateId);
      await saveReleaseRules(tx.db, estateId, { ...rules, quorumRequired: input.threshold }, ctx.clock.now());
      await tx.db.update(estateSeals).set({ retiredAt: ctx.clock.now() }).where(eq(estateSeals.id, old.id));
      const sealId = await keepSeal(tx, estateId, ctx.actor.name, await trusteesOf(tx.db, estateId), input.threshold, input);
      await commitFiles(tx.db, newFiles().map((f) => f.id));
      for (const item of received) {
        if ('armored' in item) {
          await putSealed(tx, { ...item, sealId, estateId });
        } else {
          await putSealedFile(tx, { ...item, sealId, estateId });
          // the document keeps the name it was uploaded under, whatever the browser called the part
          const name = held.find((h) => resealPartName(h) === resealPartName(item))?.fileName;
          if (name) await tx.db.update(files).set({ originalName: name }).where(eq(files.id, item.file.id));
          if (item.itemType === 'document') {
            await tx.db.update(documents).set({ fileId: item.file.id, size: item.file.size, updatedAt: ctx.clock.now() }).where(and(eq(documents.id, item.itemId), eq(documents.estateId, estateId)));
          } else {
            await tx.db.update(memoryMedia).set({ fileId: item.file.id }).where(eq(memoryMedia.id, item.itemId));
          }
        }
      }
      const oldFileIds = held.flatMap((h) => (h.fileId ? [h.fileId] : []));
      const retired = await retireFiles(tx.db, oldFileIds);
      await audit(tx, { action: 'estate_seal.resealed', estateId, targetType: 'estate_seal', targetId: sealId, details: { threshold: input.threshold, kits: input.kits.length, items: received.length } });
      return retired;
    });
  } catch (error) {
    await discardFiles(ctx, newFiles()).catch(() => undefined);
    throw error;
  }
  // The old age files were hidden with the change; they go now (after a crash, the sweep takes them).
  await discardFiles(ctx, oldFiles).catch(() => undefined);
  return getEstateSeal(ctx);
}
