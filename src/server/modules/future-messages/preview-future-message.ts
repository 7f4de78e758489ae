import { and, eq, inArray } from 'drizzle-orm';
import type { TFutureMessagePreview } from '../../../core/future-messages.schemas.ts';
import type { Ctx } from '../../context.ts';
import { documents } from '../../db/schema/documents.ts';
import { memories } from '../../db/schema/memories.ts';
import { users } from '../../db/schema/users.ts';
import { ownEstateId } from '../../lib/scope.ts';
import { getFutureMessage } from './get-future-message.ts';

/** What the recipient will see: from, to, subject, text, the rule in words and the attachments. */
export async function previewFutureMessage(ctx: Ctx, id: string): Promise<TFutureMessagePreview> {
  const estateId = ownEstateId(ctx, 'That message');
  const message = await getFutureMessage(ctx, id);
  const [owner] = await ctx.db.select({ name: users.name }).from(users).where(eq(users.id, ctx.actor.userId));
  const memoryRows = message.memoryIds.length
    ? await ctx.db
        .select({ id: memories.id, title: memories.title, date: memories.date, description: memories.description })
        .from(memories)
        .where(and(eq(memories.estateId, estateId), inArray(memories.id, message.memoryIds)))
        .orderBy(memories.date)
    : [];
  const documentRows = message.documentIds.length
    ? await ctx.db
        .select({ id: documents.id, title: documents.title, type: documents.type })
        .from(documents)
        .where(and(eq(documents.estateId, estateId), inArray(documents.id, message.documentIds)))
        .orderBy(documents.title)
    : [];
  return {
    from: owner?.name ?? ctx.actor.name,
    to: message.recipient?.name ?? 'No recipient yet',
    subject: message.subject,
    body: message.body,
    deliveryInWords: message.deliveryInWords,
    memories: memoryRows,
    documents: documentRows,
  };
}
