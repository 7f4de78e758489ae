import { createHash, randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { extractText, getDocumentProxy } from 'unpdf';
import { documentVersions } from '../../src/server/db/schema/documents.ts';
import { files } from '../../src/server/db/schema/files.ts';
import { memoryMedia } from '../../src/server/db/schema/memories.ts';
import { inventoryEntries } from '../../src/server/db/schema/settlement.ts';
import { buildInventory } from '../../src/server/modules/inventory/build-inventory.ts';
import { readStoredFile } from '../../src/server/storage/stored-files.ts';
import { insertDigitalAsset } from '../factories/digital-assets.ts';
import { insertDocument, insertEarlierVersion } from '../factories/documents.ts';
import { makeImage, makeMp4Head, makePdf, makeWav, type VaultDeps } from '../factories/files.ts';
import { insertFutureMessage } from '../factories/future-messages.ts';
import { readZip } from '../factories/legacy-export.ts';
import { insertMemory } from '../factories/memories.ts';

/**
 * Canaries (issue 39, ADR 0108): in each estate of world X, one item of every kind of vault content,
 * shared with nobody, each carrying a marker nobody but the estate's owner may ever receive — a
 * string no other data holds, or a file's bytes (found by their sha256, or by their base64 inside a
 * JSON answer). `canariesIn` looks for them in an answer: its text and headers, the text of a PDF,
 * every entry of a ZIP (and its name), images and other files by hash.
 */
export type CanaryEstate = 'planning' | 'active';

export interface Canary {
  estate: CanaryEstate;
  /** what it is, for the report: "memory title", "photo" */
  what: string;
  /** a string without spaces (so a wrapped PDF line or a CSV cell keeps it whole) */
  text?: string;
  /** a file's bytes, by sha256 */
  sha256?: string;
  /** a stretch from the middle of the file's base64: the whole file sent inside JSON holds it */
  base64?: string;
  /** where the product shows it by design, and why (an ADR's rule): answers of routes matching `on` */
  shownOn?: { on: RegExp; why: string };
}

export interface Canaries {
  items: Canary[];
  /** The canary items' ids, under the names the matrix gives world X's ids, per estate (several per name: each is tried). */
  ids: Record<CanaryEstate, Record<string, string[]>>;
  /** The photo of the active estate's canary memory: what the memorial must never show. */
  activePhotoMediaId: string;
}

const INVENTORY = { on: /\/inventory(\.csv|\.pdf)?$|\/inventory\/:entryId\/letter\.(pdf|zip)$/, why: 'the inventory built at activation names every account and financial or legal document (ADR 0103)' };
const PLAYBOOK_OR_INVENTORY = { on: new RegExp(`${INVENTORY.on.source}|/playbook$`), why: 'the playbook lists every digital account by name, as the inventory does (ADRs 0102, 0103)' };
const LETTERS = { on: /\/inventory\/:entryId\/letter\.(pdf|zip)$/, why: 'the letter to the institution carries the account reference whole (ADR 0103); everywhere else it is masked' };

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const middleOfBase64 = (bytes: Buffer) => {
  const b64 = bytes.toString('base64');
  const at = Math.floor(b64.length / 8) * 4;
  return b64.slice(at, at + 40);
};
/** A WAV or an MP4 head whose bytes hold a marker. */
const withMarker = (bytes: Buffer, marker: string) => Buffer.concat([bytes, Buffer.from(marker, 'latin1')]);

/** Plants one item of every kind in `estateId`, none shared with anyone; the letter is scheduled for `recipientId` but not delivered. */
async function plant(deps: VaultDeps, estate: CanaryEstate, estateId: string, recipientId: string, items: Canary[]) {
  const run = randomBytes(3).toString('hex');
  const mark = (what: string, shownOn?: Canary['shownOn']) => {
    const text = `Canary${estate === 'active' ? 'A' : 'P'}${what.replace(/(^|\s)(\w)/g, (_, __, c: string) => c.toUpperCase())}${run}`;
    items.push({ estate, what, text, ...(shownOn ? { shownOn } : {}) });
    return text;
  };
  const release = estate === 'active' ? 'after_activation' : 'now';
  const photo = await makeImage(`<svg xmlns="http://www.w3.org/2000/svg" width="333" height="222"><rect width="100%" height="100%" fill="${estate === 'active' ? '#7a0b5c' : '#0b7a3e'}"/><circle cx="111" cy="111" r="66" fill="#${run}"/></svg>`);
  const media = await insertMemory(deps, estateId, {
    title: mark('memory title'),
    description: mark('memory description'),
    notes: [{ text: mark('memory note') }],
    photos: [{ bytes: photo, name: `${mark('photo file name')}.jpg` }],
    recordings: [
      { kind: 'audio', bytes: withMarker(makeWav(0.21), mark('recording bytes')), name: 'canary.wav', mimeType: 'audio/wav' },
      { kind: 'video', bytes: withMarker(makeMp4Head(5000), mark('video bytes')), name: 'canary.mp4', mimeType: 'video/mp4' },
    ],
    shareAll: false,
    release,
  });
  const story = await insertMemory(deps, estateId, { title: mark('story memory title'), stories: [{ title: mark('story title'), content: mark('story text') }], shareAll: false, release });
  const document = await insertDocument(deps, estateId, { title: mark('document title'), type: 'personal', bytes: makePdf('A private page', [mark('document text')]), fileName: `${mark('document file name')}.pdf`, release });
  await insertEarlierVersion(deps, document, { bytes: makePdf('A first draft', [mark('earlier version text')]), fileName: 'draft.pdf' });
  // a legal document and an account: what the inventory is built from at activation
  const legal = await insertDocument(deps, estateId, { title: mark('legal document title', INVENTORY), type: 'legal', bytes: makePdf('Deed', [mark('legal document text')]), release });
  const asset = await insertDigitalAsset(deps, estateId, {
    name: mark('account name', PLAYBOOK_OR_INVENTORY),
    username: mark('account login', LETTERS),
    afterDeathAction: 'close',
    secrets: { password: mark('account password'), recoveryCodes: mark('account recovery codes'), accessInstructions: mark('account instructions') },
  });
  const letter = await insertFutureMessage(deps.db, estateId, recipientId, {
    subject: mark('letter subject'),
    body: mark('letter body'),
    status: 'scheduled',
    deliverOn: '2099-01-01',
    dueAt: new Date('2099-01-01T09:00:00Z'),
    memoryIds: [media.id],
  });
  if (estate === 'active') {
    await buildInventory(deps.db, estateId, deps.clock.now());
    // as the executor would: an institution and its address, so each entry's letter is made (ADR 0110)
    await deps.db
      .update(inventoryEntries)
      .set({ institution: sql`coalesce(${inventoryEntries.institution}, 'Institution')`, institutionAddress: '1 High Street\nLondon' })
      .where(and(eq(inventoryEntries.estateId, estateId), inArray(inventoryEntries.sourceId, [asset.id, legal.id])));
  }

  const mediaRows = await deps.db.select().from(memoryMedia).where(inArray(memoryMedia.memoryId, [media.id, story.id]));
  const versions = await deps.db.select({ fileId: documentVersions.fileId }).from(documentVersions).where(eq(documentVersions.documentId, document.id));
  const fileIds = [...mediaRows.flatMap((m) => [m.fileId, m.thumbnailFileId]), document.fileId, legal.fileId, ...versions.map((v) => v.fileId)].filter((id): id is string => !!id);
  for (const row of await deps.db.select().from(files).where(inArray(files.id, fileIds))) {
    const bytes = await readStoredFile(deps, row);
    items.push({ estate, what: `file (${row.mimeType}${row.id === mediaRows.find((m) => m.kind === 'photo')?.thumbnailFileId ? ', thumbnail' : ''})`, sha256: sha256(bytes), base64: middleOfBase64(bytes) });
  }
  // the account's entry first: its letter carries the login
  const entries = await deps.db.select({ id: inventoryEntries.id, sourceId: inventoryEntries.sourceId }).from(inventoryEntries).where(inArray(inventoryEntries.sourceId, [asset.id, legal.id]));
  entries.sort((a, b) => Number(b.sourceId === asset.id) - Number(a.sourceId === asset.id));
  const photoMedia = mediaRows.find((m) => m.kind === 'photo')!;
  const ids: Record<string, string[]> = {
    memory: [media.id, story.id],
    sharedMemory: [media.id, story.id],
    memoryMedia: mediaRows.map((m) => m.id),
    file: fileIds,
    sharedFile: fileIds,
    document: [document.id, legal.id],
    documentWithVersion: [document.id],
    digitalAsset: [asset.id],
    futureMessage: [letter.id],
  };
  if (estate === 'active') Object.assign(ids, { activeAsset: [asset.id], activeInventoryEntry: entries.map((e) => e.id) });
  return { ids, photoMediaId: photoMedia.id };
}

/** Canaries in Margaret's estate (planning) and in the active estate, each letter scheduled to a beneficiary row of that estate. */
export async function plantCanaries(deps: VaultDeps, estates: Record<CanaryEstate, { estateId: string; recipientId: string }>): Promise<Canaries> {
  const items: Canary[] = [];
  const planning = await plant(deps, 'planning', estates.planning.estateId, estates.planning.recipientId, items);
  const active = await plant(deps, 'active', estates.active.estateId, estates.active.recipientId, items);
  return { items, ids: { planning: planning.ids, active: active.ids }, activePhotoMediaId: active.photoMediaId };
}

/** What canariesIn read, for the counts. */
export const scanned = { answers: 0, pdfs: 0, zipEntries: 0, seconds: 0 };

interface Piece {
  where: string;
  text: string;
  sha256: string;
}

async function pdfText(bytes: Buffer): Promise<string> {
  try {
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes), { isEvalSupported: false, verbosity: 0 }), { mergePages: true });
    return text;
  } catch {
    return '';
  }
}

/** The answer's bytes as text, a PDF's text, and each ZIP entry's name and contents, recursively. */
async function piecesOf(where: string, bytes: Buffer): Promise<Piece[]> {
  const pieces: Piece[] = [{ where, text: bytes.toString('utf8'), sha256: sha256(bytes) }];
  const magic = bytes.subarray(0, 5).toString('latin1');
  if (magic === '%PDF-') {
    scanned.pdfs++;
    pieces.push({ where: `${where}, PDF text`, text: await pdfText(bytes), sha256: '' });
  } else if (magic.startsWith('PK\x03\x04')) {
    const entries = await readZip(bytes).catch(() => new Map<string, Buffer>());
    for (const [name, data] of entries) {
      scanned.zipEntries++;
      pieces.push({ where: `${where}, ZIP entry name`, text: name, sha256: '' }, ...(await piecesOf(`${where}, ZIP entry ${name}`, data)));
    }
  }
  return pieces;
}

/**
 * The canaries an answer shows: "<what> in <where>" for each. `routeKey` ("GET /api/v1/…", the
 * route's pattern) decides which by-design showings (`shownOn`) apply; `skip` leaves out an estate
 * whose owner is the one asking.
 */
export async function canariesIn(res: LightMyRequestResponse, canaries: Canary[], routeKey: string, skip?: CanaryEstate): Promise<string[]> {
  scanned.answers++;
  const started = performance.now();
  const pieces = [{ where: 'headers', text: JSON.stringify(res.headers), sha256: '' }, ...(await piecesOf('body', res.rawPayload))];
  const found: string[] = [];
  for (const canary of canaries) {
    if (canary.estate === skip || canary.shownOn?.on.test(routeKey)) continue;
    const piece = pieces.find(
      (p) =>
        (canary.text && (p.text.includes(canary.text) || p.text.replace(/\s+/g, '').includes(canary.text))) ||
        (canary.sha256 && p.sha256 === canary.sha256) ||
        (canary.base64 && p.text.includes(canary.base64)),
    );
    if (piece) found.push(`the ${canary.estate} estate's canary ${canary.what} in ${piece.where}`);
  }
  scanned.seconds += (performance.now() - started) / 1000;
  return found;
}
