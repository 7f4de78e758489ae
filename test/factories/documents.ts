import { faker } from '@faker-js/faker';
import { eq } from 'drizzle-orm';
import type { DocumentType } from '../../src/core/documents.schemas.ts';
import { documentFolders, documents, documentShares, documentVersions } from '../../src/server/db/schema/documents.ts';
import { insertStoredFile, makePdf, type VaultDeps } from './files.ts';

export interface DocumentOverrides {
  title?: string;
  type?: DocumentType;
  folderId?: string | null;
  /** The file's bytes (a one-page PDF of the title by default). */
  bytes?: Buffer;
  mimeType?: string;
  fileName?: string;
  createdAt?: Date;
  shareAll?: boolean;
  release?: 'now' | 'after_activation';
  sharedWith?: string[];
}

/** A document with a real, encrypted, committed file. */
export async function insertDocument(deps: VaultDeps, estateId: string, overrides: DocumentOverrides = {}) {
  const title = overrides.title ?? `${faker.word.adjective()} ${faker.word.noun()}`;
  const bytes = overrides.bytes ?? makePdf(title, [faker.lorem.sentence()]);
  const mimeType = overrides.mimeType ?? 'application/pdf';
  const file = await insertStoredFile(deps, estateId, {
    bytes,
    mimeType,
    name: overrides.fileName ?? `${title.replace(/[^\w]+/g, '-')}.pdf`,
  });
  const createdAt = overrides.createdAt ?? deps.clock.now();
  const [doc] = await deps.db
    .insert(documents)
    .values({
      estateId,
      folderId: overrides.folderId ?? null,
      title,
      type: overrides.type ?? faker.helpers.arrayElement(['legal', 'financial', 'personal', 'other'] as const),
      fileId: file.id,
      size: file.size,
      mimeType,
      shareAll: overrides.shareAll ?? false,
      release: overrides.release ?? 'now',
      createdAt,
      updatedAt: createdAt,
    })
    .returning();
  if (overrides.sharedWith?.length) {
    await deps.db.insert(documentShares).values(overrides.sharedWith.map((beneficiaryId) => ({ documentId: doc!.id, beneficiaryId })));
  }
  return { ...doc!, file };
}

export async function insertFolder(deps: Pick<VaultDeps, 'db'>, estateId: string, name = faker.word.noun()) {
  const [folder] = await deps.db.insert(documentFolders).values({ estateId, name }).returning();
  return folder!;
}

/**
 * Gives a document an earlier version, as a Replace File would have: `bytes` becomes version
 * `document.version` in the versions list and the document moves on to the next number.
 */
export async function insertEarlierVersion(deps: VaultDeps, document: { id: string; estateId: string; version: number }, input: { bytes: Buffer; fileName: string; mimeType?: string }) {
  const file = await insertStoredFile(deps, document.estateId, { bytes: input.bytes, mimeType: input.mimeType ?? 'application/pdf', name: input.fileName });
  await deps.db.insert(documentVersions).values({ documentId: document.id, version: document.version, fileId: file.id });
  await deps.db.update(documents).set({ version: document.version + 1 }).where(eq(documents.id, document.id));
  return file;
}
