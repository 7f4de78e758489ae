/**
 * The Legacy Capsule (ADR 0098): one zip with every sealed item of an estate as an age file, its
 * manifest, open.html (opens it on any computer, with no server), and a README for the age tool.
 * Entries are stored, not compressed: age files do not compress, and open.html reads the zip
 * without an inflater. combine-kits.py is in it too, so that it opens with Python and age alone
 * once Heirloom is gone (ADR 0112).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { Readable } from 'node:stream';
import { and, asc, eq } from 'drizzle-orm';
import yazl from 'yazl';
import { CAPSULE_FORMAT, COMBINER_PATH, MANIFEST_PATH, type CapsuleItem, type CapsuleManifest } from '../../core/seal/capsule-format.ts';
import type { Deps } from '../context.ts';
import type { EstateSeal } from '../access/estate-seal.ts';
import { sealedContents } from '../db/schema/estate-seal.ts';
import { beneficiaries } from '../db/schema/estates.ts';
import { futureMessages } from '../db/schema/messages.ts';
import { documents } from '../db/schema/documents.ts';
import { files } from '../db/schema/files.ts';
import { digitalAssets } from '../db/schema/digital-assets.ts';
import { memories, memoryMedia } from '../db/schema/memories.ts';
import { UniquePaths } from '../lib/safe-names.ts';
import { capsuleCombinerPath } from './capsule-files.ts';
import { capsuleReadme } from './capsule-readme.ts';
import { sealedBytes } from './sealed-contents.ts';

export interface Capsule {
  manifest: CapsuleManifest;
  files: { path: string; bytes: Buffer }[];
}

/** Every sealed item of the estate's current seal, with what the manifest says of it: letters, documents, memories' stories, then digital assets' secrets. */
export async function collectCapsule(deps: Pick<Deps, 'db' | 'secrets' | 'config' | 'clock' | 'files'>, seal: EstateSeal, ownerName: string): Promise<Capsule> {
  const part = { armoredEnc: sealedContents.armoredEnc, fileId: sealedContents.fileId };
  const letters = await deps.db
    .select({ ...part, title: futureMessages.subject, first: beneficiaries.firstName, last: beneficiaries.lastName })
    .from(sealedContents)
    .innerJoin(futureMessages, and(eq(sealedContents.itemType, 'future-message'), eq(futureMessages.id, sealedContents.itemId)))
    .leftJoin(beneficiaries, eq(beneficiaries.id, futureMessages.recipientId))
    .where(eq(sealedContents.sealId, seal.id))
    .orderBy(asc(futureMessages.createdAt), asc(futureMessages.id));
  const documentRows = await deps.db
    .select({ ...part, title: documents.title, name: files.originalName })
    .from(sealedContents)
    .innerJoin(documents, and(eq(sealedContents.itemType, 'document'), eq(documents.id, sealedContents.itemId)))
    .innerJoin(files, eq(files.id, sealedContents.fileId))
    .where(eq(sealedContents.sealId, seal.id))
    .orderBy(asc(documents.createdAt), asc(documents.id));
  const secretRows = await deps.db
    .select({ ...part, title: digitalAssets.name })
    .from(sealedContents)
    .innerJoin(digitalAssets, and(eq(sealedContents.itemType, 'digital-asset'), eq(digitalAssets.id, sealedContents.itemId)))
    .where(eq(sealedContents.sealId, seal.id))
    .orderBy(asc(digitalAssets.name), asc(digitalAssets.id));
  const storyRows = await deps.db
    .select({ ...part, memory: memories.title, story: memoryMedia.title, kind: memoryMedia.kind })
    .from(sealedContents)
    .innerJoin(memoryMedia, and(eq(sealedContents.itemType, 'memory'), eq(memoryMedia.id, sealedContents.itemId)))
    .innerJoin(memories, eq(memories.id, memoryMedia.memoryId))
    .where(eq(sealedContents.sealId, seal.id))
    .orderBy(asc(memories.date), asc(memories.id), asc(memoryMedia.position));
  const entries = [
    ...letters.map((l) => ({ row: l, kind: 'letter' as const, title: l.title, for: l.first ? `${l.first} ${l.last ?? ''}`.trim() : null, fileName: `${l.title}.txt` })),
    ...documentRows.map((d) => ({ row: d, kind: 'document' as const, title: d.title, for: null, fileName: d.name.replace(/\.age$/i, '') })),
    // a story is saved as text; a photo, video or recording under its own name
    ...storyRows.map((m) => {
      const name = m.kind === 'story' ? `${m.story}.txt` : m.story.replace(/\.age$/i, '');
      return { row: m, kind: 'memory' as const, title: `${m.memory} — ${m.kind === 'story' ? m.story : name}`, for: null, fileName: `${m.memory} — ${name}` };
    }),
    ...secretRows.map((a) => ({ row: a, kind: 'digital-asset' as const, title: a.title, for: null, fileName: `${a.title} — passwords and codes.json` })),
  ];
  const paths = new UniquePaths();
  const out: Capsule['files'] = [];
  const items: CapsuleItem[] = [];
  for (const [i, entry] of entries.entries()) {
    const bytes = await sealedBytes(deps, entry.row);
    // no $ ` % ! either: README.txt's age lines quote the paths for every terminal
    const path = paths.claim(['items', `${String(i + 1).padStart(2, '0')} ${entry.fileName.replace(/[$`%!]/g, '_')}.age`]);
    out.push({ path, bytes });
    items.push({ path, kind: entry.kind, title: entry.title, for: entry.for, fileName: entry.fileName, sha256: createHash('sha256').update(bytes).digest('hex'), size: bytes.length });
  }
  return {
    manifest: {
      format: CAPSULE_FORMAT,
      ownerName,
      instance: deps.config.publicUrl,
      madeAt: deps.clock.now().toISOString(),
      seal: { recipient: seal.recipient, sealTag: seal.sealTag, threshold: seal.threshold, shareCount: seal.shareCount, madeAt: seal.createdAt.toISOString() },
      items,
    },
    files: out,
  };
}

export const manifestBytes = (manifest: CapsuleManifest) => Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);

let builtFiles: { page: Buffer; combiner: Buffer } | null = null;
/** open.html and combine-kits.py as built (npm run build:capsule); read once. */
function capsuleFiles(pagePath: string) {
  builtFiles ??= { page: fs.readFileSync(pagePath), combiner: fs.readFileSync(capsuleCombinerPath(pagePath)) };
  return builtFiles;
}

/** The zip, streamed. */
export function capsuleZip(capsule: Capsule, capsulePagePath: string): Readable {
  const zip = new yazl.ZipFile();
  const mtime = new Date(capsule.manifest.madeAt);
  const add = (bytes: Buffer, path: string) => zip.addBuffer(bytes, path, { compress: false, mtime });
  const built = capsuleFiles(capsulePagePath);
  add(built.page, 'open.html');
  add(Buffer.from(capsuleReadme(capsule.manifest)), 'README.txt');
  add(manifestBytes(capsule.manifest), MANIFEST_PATH);
  add(built.combiner, COMBINER_PATH);
  for (const file of capsule.files) add(file.bytes, file.path);
  zip.end();
  return zip.outputStream as Readable;
}
