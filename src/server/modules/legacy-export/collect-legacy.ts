import { and, asc, eq, getTableColumns, gt, or } from 'drizzle-orm';
import type { Deps } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { appointments } from '../../db/schema/appointments.ts';
import { digitalAssets } from '../../db/schema/digital-assets.ts';
import { documentFolders, documents, documentVersions } from '../../db/schema/documents.ts';
import { beneficiaries } from '../../db/schema/estates.ts';
import { files } from '../../db/schema/files.ts';
import { memories, memoryMedia, memoryNotes } from '../../db/schema/memories.ts';
import { futureMessageAttachments, futureMessages } from '../../db/schema/messages.ts';
import { auditLog } from '../../db/schema/system.ts';
import { tasks } from '../../db/schema/tasks.ts';
import type { FileRow } from '../../storage/stored-files.ts';
import { openSecrets } from '../../views/digital-asset-view.ts';
import { UniquePaths } from '../../lib/safe-names.ts';

/** One stored file to pack, and where it goes in the archive. */
export interface PackedFile {
  file: FileRow;
  path: string;
}

// The search vectors are derived data, not part of the legacy.
const { searchVector: _memoryVector, ...memoryColumns } = getTableColumns(memories);
const { searchVector: _documentVector, ...documentColumns } = getTableColumns(documents);

/**
 * Everything of one estate that goes into the archive, read scoped by the estate (joins, not id
 * lists). The rows are the estate's own metadata; file bytes are never read here (they stream
 * from the store while the zip is written), and the audit log is read page by page
 * (`auditLogPages`). Secrets are decrypted only when `includeSecrets`.
 */
export async function collectLegacy(deps: Pick<Deps, 'db' | 'secrets'>, estateId: string, userId: string, includeSecrets: boolean) {
  const db = deps.db;
  const [memoryRows, mediaRows, noteRows, documentRows, versionRows, assetRows, beneficiaryRows, taskRows, appointmentRows, letterRows, attachmentRows] =
    await Promise.all([
      db.select(memoryColumns).from(memories).where(eq(memories.estateId, estateId)).orderBy(asc(memories.date), asc(memories.id)),
      db
        .select({ media: memoryMedia, file: files })
        .from(memoryMedia)
        .innerJoin(memories, eq(memories.id, memoryMedia.memoryId))
        .leftJoin(files, and(eq(files.id, memoryMedia.fileId), eq(files.status, 'committed')))
        .where(eq(memories.estateId, estateId))
        .orderBy(asc(memoryMedia.memoryId), asc(memoryMedia.position), asc(memoryMedia.id)),
      db
        .select({ note: memoryNotes })
        .from(memoryNotes)
        .innerJoin(memories, eq(memories.id, memoryNotes.memoryId))
        .where(eq(memories.estateId, estateId))
        .orderBy(asc(memoryNotes.createdAt)),
      db
        .select({ document: documentColumns, folder: documentFolders.name, file: files })
        .from(documents)
        .leftJoin(documentFolders, eq(documentFolders.id, documents.folderId))
        .innerJoin(files, and(eq(files.id, documents.fileId), eq(files.status, 'committed')))
        .where(eq(documents.estateId, estateId))
        .orderBy(asc(documentFolders.name), asc(documents.title), asc(documents.id)),
      // earlier versions of a replaced document's file (the current one is above)
      db
        .select({ documentId: documentVersions.documentId, version: documentVersions.version, file: files })
        .from(documentVersions)
        .innerJoin(documents, eq(documents.id, documentVersions.documentId))
        .innerJoin(files, and(eq(files.id, documentVersions.fileId), eq(files.status, 'committed')))
        .where(eq(documents.estateId, estateId))
        .orderBy(asc(documentVersions.documentId), asc(documentVersions.version)),
      db.select().from(digitalAssets).where(eq(digitalAssets.estateId, estateId)).orderBy(asc(digitalAssets.name), asc(digitalAssets.id)),
      db.select().from(beneficiaries).where(eq(beneficiaries.estateId, estateId)).orderBy(asc(beneficiaries.lastName), asc(beneficiaries.firstName)),
      db.select().from(tasks).where(eq(tasks.estateId, estateId)).orderBy(asc(tasks.createdAt), asc(tasks.id)),
      db
        .select()
        .from(appointments)
        .where(or(eq(appointments.estateId, estateId), eq(appointments.requestedBy, userId), eq(appointments.attendeeUserId, userId)))
        .orderBy(asc(appointments.startsAt), asc(appointments.id)),
      db.select().from(futureMessages).where(eq(futureMessages.estateId, estateId)).orderBy(asc(futureMessages.createdAt), asc(futureMessages.id)),
      db
        .select({ attachment: futureMessageAttachments })
        .from(futureMessageAttachments)
        .innerJoin(futureMessages, eq(futureMessages.id, futureMessageAttachments.futureMessageId))
        .where(eq(futureMessages.estateId, estateId)),
    ]);

  const paths = new UniquePaths();
  const packed: PackedFile[] = [];
  const mediaByMemory = new Map<string, typeof mediaRows>();
  for (const row of mediaRows) mediaByMemory.set(row.media.memoryId, [...(mediaByMemory.get(row.media.memoryId) ?? []), row]);
  const notesByMemory = new Map<string, (typeof noteRows)[number]['note'][]>();
  for (const { note } of noteRows) notesByMemory.set(note.memoryId, [...(notesByMemory.get(note.memoryId) ?? []), note]);

  const memoriesOut = memoryRows.map((memory) => {
    const folder = paths.claim(['memories', `${memory.date} ${memory.title}`]).split('/');
    const media = (mediaByMemory.get(memory.id) ?? []).map(({ media: item, file }, index) => {
      let path: string | null = null;
      if (file) {
        path = paths.claim([...folder, `${String(index + 1).padStart(2, '0')} ${file.originalName}`]);
        packed.push({ file, path });
      }
      return { kind: item.kind, title: item.title, content: item.content, position: item.position, fileName: file?.originalName ?? null, mimeType: file?.mimeType ?? null, size: file?.size ?? null, sha256: file?.sha256 ?? null, path };
    });
    const notes = (notesByMemory.get(memory.id) ?? []).map((n) => ({ text: n.text, createdAt: n.createdAt.toISOString() }));
    return { ...memory, folder: folder.join('/'), media, notes };
  });

  const versionsByDocument = new Map<string, typeof versionRows>();
  for (const row of versionRows) versionsByDocument.set(row.documentId, [...(versionsByDocument.get(row.documentId) ?? []), row]);
  const documentsOut = documentRows.map(({ document, folder, file }) => {
    /** "Will.pdf", or "Will (version 1).pdf" for an earlier version */
    const nameFor = (stored: FileRow, version?: number) => {
      const dot = stored.originalName.lastIndexOf('.');
      const ext = dot > 0 ? stored.originalName.slice(dot) : '';
      const base = document.title.toLowerCase().endsWith(ext.toLowerCase()) ? document.title.slice(0, document.title.length - ext.length) : document.title;
      return `${base}${version === undefined ? '' : ` (version ${version})`}${ext}`;
    };
    const path = paths.claim(['documents', folder ?? 'Unfiled', nameFor(file)]);
    packed.push({ file, path });
    const earlierVersions = (versionsByDocument.get(document.id) ?? []).map(({ version, file: earlier }) => {
      const versionPath = paths.claim(['documents', folder ?? 'Unfiled', nameFor(earlier, version)]);
      packed.push({ file: earlier, path: versionPath });
      return { version, fileName: earlier.originalName, sha256: earlier.sha256, path: versionPath };
    });
    return { ...document, folder, fileName: file.originalName, sha256: file.sha256, path, earlierVersions };
  });

  const assetsOut = assetRows.map(({ secretsEnc, ...asset }) => ({
    ...asset,
    hasSecrets: secretsEnc !== null,
    secrets: includeSecrets && secretsEnc ? openSecrets(deps, secretsEnc) : null,
  }));

  const attachmentsByLetter = new Map<string, { itemType: string; itemId: string }[]>();
  for (const { attachment: a } of attachmentRows) {
    attachmentsByLetter.set(a.futureMessageId, [...(attachmentsByLetter.get(a.futureMessageId) ?? []), { itemType: a.itemType, itemId: a.itemId }]);
  }
  const recipients = new Map(beneficiaryRows.map((b) => [b.id, `${b.firstName} ${b.lastName}`]));
  const lettersOut = letterRows.map((letter) => ({ ...letter, recipientName: (letter.recipientId && recipients.get(letter.recipientId)) || null, attachments: attachmentsByLetter.get(letter.id) ?? [] }));

  return {
    includeSecrets,
    memories: memoriesOut,
    documents: documentsOut,
    digitalAssets: assetsOut,
    beneficiaries: beneficiaryRows,
    tasks: taskRows,
    appointments: appointmentRows,
    futureMessages: lettersOut,
    files: packed,
  };
}

export type Legacy = Awaited<ReturnType<typeof collectLegacy>>;

const AUDIT_PAGE = 500;

/** The owner's audit log (what they did, and what was done to their estate), oldest first, a page at a time. */
export async function* auditLogPages(db: Db, estateId: string, userId: string): AsyncGenerator<(typeof auditLog.$inferSelect)[]> {
  let after = 0;
  for (;;) {
    const page = await db
      .select()
      .from(auditLog)
      .where(and(or(eq(auditLog.actorUserId, userId), eq(auditLog.estateId, estateId)), gt(auditLog.id, after)))
      .orderBy(asc(auditLog.id))
      .limit(AUDIT_PAGE);
    if (page.length) yield page;
    if (page.length < AUDIT_PAGE) return;
    after = page.at(-1)!.id;
  }
}
