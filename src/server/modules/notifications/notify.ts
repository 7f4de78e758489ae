import type { Deps } from '../../context.ts';
import { notifications } from '../../db/schema/messages.ts';

export type NotificationType = 'memory' | 'document' | 'message' | 'estate' | 'security';

export interface NotifyInput {
  userId: string;
  type: NotificationType;
  /** What happened, in words the recipient reads ("Margaret shared a new memory: …"). */
  message: string;
  fromName?: string;
  /** In-app path the notification's View link opens. */
  link?: string;
}

/**
 * The one way every event creates a notification. The beneficiary notifications issue extends this
 * with the user's preferences (what is created) and delivery method/frequency (how it is sent).
 */
export async function notify(deps: Pick<Deps, 'db' | 'clock'>, input: NotifyInput): Promise<void> {
  const now = deps.clock.now();
  await deps.db.insert(notifications).values({
    userId: input.userId,
    type: input.type,
    message: input.message,
    fromName: input.fromName ?? '',
    link: input.link ?? null,
    createdAt: now,
    updatedAt: now,
  });
}
