import type { TNotificationPreferences, TUpdateNotificationPreferencesRequest } from '../../../core/notifications.schemas.ts';
import type { Ctx } from '../../context.ts';
import { audit } from '../../lib/audit.ts';
import { saveNotificationSettings } from '../../notices/notification-settings.ts';

/** The preference checkboxes (new memories, document updates, new messages): what is created from now on. */
export async function updateNotificationPreferences(
  ctx: Ctx,
  input: TUpdateNotificationPreferencesRequest,
): Promise<TNotificationPreferences> {
  const next = await saveNotificationSettings(ctx.db, ctx.actor.userId, input, ctx.clock.now());
  await audit(ctx, { action: 'notifications.preferences_updated', targetType: 'user', targetId: ctx.actor.userId, details: { ...input } });
  return { newMemories: next.newMemories, documentUpdates: next.documentUpdates, newMessages: next.newMessages };
}
