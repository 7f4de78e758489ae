import { and, eq, isNotNull } from 'drizzle-orm';
import type { BaseCtx } from '../../context.ts';
import { sealedContents } from '../../db/schema/estate-seal.ts';
import { beneficiaries } from '../../db/schema/estates.ts';
import { futureMessages } from '../../db/schema/messages.ts';
import { notify } from '../../notices/notify.ts';

/** In the opening's transaction: each person a sealed letter was left to hears it can now be read. */
export async function tellSealOpened(ctx: BaseCtx, estateId: string, ownerName: string): Promise<void> {
  const recipients = await ctx.db
    .selectDistinct({ userId: beneficiaries.userId })
    .from(sealedContents)
    .innerJoin(futureMessages, and(eq(sealedContents.itemType, 'future-message'), eq(futureMessages.id, sealedContents.itemId)))
    .innerJoin(beneficiaries, eq(beneficiaries.id, futureMessages.recipientId))
    .where(and(eq(sealedContents.estateId, estateId), isNotNull(beneficiaries.userId)));
  for (const { userId } of recipients) {
    await notify(ctx, {
      userId: userId!,
      type: 'estate',
      message: `${ownerName}'s trustees have given their Emergency Kits: what ${ownerName} sealed for you can now be read, as their release plan allows.`,
      link: '/beneficiary/messages',
    });
  }
}
