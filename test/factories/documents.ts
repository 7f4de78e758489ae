import { faker } from '@faker-js/faker';
import type { DocumentType } from '../../src/core/documents.schemas.ts';
import { documentFolders, documents, documentShares } from '../../src/server/db/schema/documents.ts';
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
