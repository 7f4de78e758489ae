import { eq } from 'drizzle-orm';
import type { TDocument } from '../../../core/documents.schemas.ts';
import type { TShareRequest } from '../../../core/sharing.schemas.ts';
import type { Ctx } from '../../context.ts';
import { documents, documentShares } from '../../db/schema/documents.ts';
import { applyShare } from '../../access/sharing.ts';
import { findOwnDocument } from './find-own-document.ts';
import { getDocument } from './get-document.ts';

/** Share: which beneficiaries (or all) see the document, and whether now or after activation. */
export async function shareDocument(ctx: Ctx, id: string, input: TShareRequest): Promise<TDocument> {
  const doc = await findOwnDocument(ctx, id);
  await applyShare(
    ctx,
    {
      category: 'document',
      itemId: id,
      title: doc.title,
      estateId: doc.estateId,
      write: async (tx, share) => {
        const now = ctx.clock.now();
        await tx.update(documents).set({ shareAll: share.all, release: share.release, updatedAt: now }).where(eq(documents.id, id));
        await tx.delete(documentShares).where(eq(documentShares.documentId, id));
        if (share.beneficiaryIds.length) {
          await tx.insert(documentShares).values(share.beneficiaryIds.map((beneficiaryId) => ({ documentId: id, beneficiaryId, createdAt: now })));
        }
      },
    },
    input,
  );
  return getDocument(ctx, id);
}
