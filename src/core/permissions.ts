import type { Role } from './roles.ts';

/**
 * Permission = `${action}:${entity}:${scope}`.
 * `own` means "within the actor's own estate / account / assignments"; the service scopes the query.
 * `any` means platform-wide (admins). Routes declare exactly one permission or `public: true`.
 */
export const ENTITIES = [
  'account', // the signed-in user's own account, sessions, password, 2FA, notifications
  'estate',
  'memory',
  'document',
  'digital-asset',
  'file', // a stored file (memory media, document) of the actor's own estate
  'beneficiary',
  'support-team',
  'task',
  'appointment',
  'future-message',
  'message',
  'notification',
  'shared-content', // what a beneficiary may see of an owner's estate (PRODUCT.md §4)
  'loved-one', // a planner's clients, and the invitations that bring them
  'planner-task', // a planner's own to-do list
  'verification',
  'alert',
  'report',
  'user',
  'audit-log',
  'system-settings',
  'admin-task', // the admins' shared to-do list on the admin dashboard
  'feedback', // what users send from the user menu; admins read it in Reports
  'activation-review', // "This is a mistake — I am alive": the owner opens it, the estate's administrator proposes, another admin decides (ADR 0075)
  'playbook', // an active estate's executor checklist: those who settle it, and the digital-legacy beneficiaries who follow them (access/executors.ts)
  'settlement', // the inventory, institution letters and deadlines: the owner pre-fills while planning; after activation those who settle the estate work it (access/executors.ts)
] as const;
export type Entity = (typeof ENTITIES)[number];
export type Action = 'read' | 'create' | 'update' | 'delete' | 'manage';
export type Scope = 'own' | 'any';
export type Permission = `${Action}:${Entity}:${Scope}`;

const crud = (entity: Entity, scope: Scope = 'own'): Permission[] => [
  `read:${entity}:${scope}`,
  `create:${entity}:${scope}`,
  `update:${entity}:${scope}`,
  `delete:${entity}:${scope}`,
];

/** Every signed-in user, whatever their roles. */
const EVERYONE: Permission[] = [
  ...crud('account'),
  'read:notification:own',
  'update:notification:own',
  ...crud('message'),
  'create:feedback:own',
];

/** Appointments are booked from the four areas that have an Appointments screen; a platform admin has none. */
const BOOKS_APPOINTMENTS: Permission[] = crud('appointment');

export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  'estate-owner': [
    ...EVERYONE,
    ...BOOKS_APPOINTMENTS,
    'read:estate:own',
    'update:estate:own',
    // "Delete my account": the estate and the account go after a grace period (ADR 0037)
    'delete:estate:own',
    ...crud('memory'),
    ...crud('document'),
    ...crud('digital-asset'),
    'manage:digital-asset:own',
    ...crud('settlement'),
    'read:file:own',
    ...crud('beneficiary'),
    ...crud('support-team'),
    ...crud('task'),
    ...crud('future-message'),
    // its own entity, so the freeze of an active estate's content (ADR 0074) never blocks it
    'read:activation-review:own',
    'create:activation-review:own',
  ],
  // a support-team member may report the owner's passing (PRODUCT.md §5)
  'legacy-planner': [...EVERYONE, ...BOOKS_APPOINTMENTS, ...crud('loved-one'), ...crud('planner-task'), 'read:task:own', 'create:verification:own'],
  beneficiary: [...EVERYONE, ...BOOKS_APPOINTMENTS, 'read:shared-content:own', 'create:verification:own', 'read:playbook:own', 'update:playbook:own', ...crud('settlement')],
  'estate-administrator': [
    ...EVERYONE,
    ...BOOKS_APPOINTMENTS,
    'read:estate:any',
    'update:estate:any',
    ...crud('verification'),
    ...crud('alert'),
    'read:report:own',
    'read:playbook:own',
    'update:playbook:own',
    ...crud('settlement'),
    'update:activation-review:own',
  ],
  admin: [
    ...EVERYONE,
    ...crud('user', 'any'),
    'read:estate:any',
    'create:estate:any',
    'update:estate:any',
    // the platform's estates list and Manage (assign an administrator): admins only — estate
    // administrators hold read/update:estate:any for the estates in their care, scoped by access/
    'manage:estate:any',
    'read:audit-log:any',
    'read:system-settings:any',
    'update:system-settings:any',
    'read:report:any',
    'read:feedback:any',
    'read:alert:any',
    'update:alert:any',
    'read:admin-task:any',
    'create:admin-task:any',
    'update:admin-task:any',
    'read:activation-review:any',
    'update:activation-review:any',
  ],
};

/** True when any of the roles grants the permission. */
export function can(roles: readonly Role[], permission: Permission): boolean {
  return roles.some((role) => ROLE_PERMISSIONS[role].includes(permission));
}
