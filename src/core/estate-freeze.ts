import type { Entity, Permission } from './permissions.ts';

/**
 * What an estate is made of — what is released, and what decides a release. From activation on, the
 * owner's account cannot change any of it: the server refuses every such write with a 409
 * (plugins/auth.ts) and the owner's screens show it read-only (ADR 0074).
 */
export const FROZEN_AT_ACTIVATION: ReadonlySet<Entity> = new Set<Entity>([
  'estate', // settings, release plan, safeguards and trustees, check-in, incapacity grants, report withdrawal, deletion
  'memory',
  'document',
  'digital-asset',
  'file',
  'beneficiary', // and their access flags, invitations and the owner's messages to them
  'support-team', // who administers the estate after death
  'task',
  'future-message',
  'settlement', // what the owner pre-filled for the executor: after activation it is the executor's to work
]);

/**
 * Everything else an estate owner's account may still change once the estate is active, and why.
 * A route with a new `:own` entity must be named here or frozen above (test/api/estate-freeze.test.ts).
 */
export const OPEN_AFTER_ACTIVATION: Partial<Record<Entity, string>> = {
  account:
    'the account itself (password, two-factor, sessions, email, phone, preferences): keeping it safe changes nothing that was left — but not the name, fixed at activation as the deceased\'s (ADR 0110)',
  notification: 'its own notices and how they arrive',
  message: 'conversations with the support team release nothing and decide nothing',
  appointment: 'a consultation decides nothing about the estate',
  feedback: 'a note to the platform',
  'activation-review': '"This is a mistake — I am alive" opens a review that two staff people decide (ADR 0075)',
};

/** Writes under a frozen entity that change nothing. */
export const OPEN_PERMISSIONS: Partial<Record<Permission, string>> = {
  'manage:digital-asset:own': 'revealing a secret reads it (after the password is entered again); nothing changes',
};

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** True when an estate owner may not make this request once their estate is active. */
export function frozenAtActivation(method: string, permission: Permission): boolean {
  const [action, entity, scope] = permission.split(':') as [string, Entity, string];
  return (
    UNSAFE_METHODS.has(method) && scope === 'own' && action !== 'read' && FROZEN_AT_ACTIVATION.has(entity) && !(permission in OPEN_PERMISSIONS)
  );
}

/** Why an owner's request stays possible after activation, or null when nothing says so. */
export function openAfterActivation(permission: Permission): string | null {
  const [action, entity] = permission.split(':') as [string, Entity];
  if (action === 'read') return 'it reads: an activated estate can still be looked at';
  return OPEN_PERMISSIONS[permission] ?? OPEN_AFTER_ACTIVATION[entity] ?? null;
}

const longDay = (d: Date) => d.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The 409 an owner's account meets when it tries to change an activated estate. */
export function frozenEstateMessage(ownerName: string, activatedAt: Date): string {
  return `This estate was activated on ${longDay(activatedAt)} and is now kept exactly as ${ownerName} left it. Nothing in it can be changed from this account.`;
}

/** The 409 an activated owner's account meets when it tries to change its name (ADR 0110). */
export function fixedNameMessage(ownerName: string, activatedAt: Date): string {
  return `This estate was activated on ${longDay(activatedAt)}, so the name on its memorial and letters stays ${ownerName}, as it was then. If you are ${ownerName} and this is a mistake, choose “This is a mistake — I am alive” on your dashboard.`;
}
