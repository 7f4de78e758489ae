import { personaFor } from './personas.ts';
import type { Role } from './roles.ts';

/**
 * Every screen path of the web app, the one table the browser's router (src/web/router.tsx, which
 * must give each exactly one screen) and the server's page fallback (plugins/web.ts: the app for
 * these, 404 for anything else) both read (ADR 0082). '' is a section's own page.
 */
export const PUBLIC_SCREENS = [
  '',
  'sign-in',
  'sign-up',
  'sign-up/confirm',
  'invitations',
  // the same page for links mailed before the token moved to the fragment (ADR 0095; they last 14 days)
  'invitations/:token',
  'mail',
  'forgot-password',
  'reset-password',
  'verify-email',
  'two-factor-setup',
  'check-in',
  'check-in/questions/:id',
  'cancel-report',
  'trustee',
] as const;

export const PERSONA_SCREENS = {
  'estate-owner': [
    '',
    'memories',
    'memories/create',
    'beneficiaries',
    'beneficiaries/add',
    'digital-assets',
    'documents',
    'tasks',
    'appointments',
    'messages',
    'settings',
    'security',
    'release-plan',
    'export',
  ],
  'legacy-planner': [
    '',
    'loved-ones',
    'loved-ones/invite',
    'loved-ones/:estateId',
    'tools',
    'appointments',
    'resources',
    'resources/:slug',
    'messages',
    'settings',
  ],
  beneficiary: ['', 'memories', 'documents', 'appointments', 'messages', 'notifications', 'settings', 'estate/:id'],
  admin: ['', 'users', 'estates', 'reports', 'security', 'logs', 'settings'],
  'estate-administrator': ['', 'estates', 'estates/:id', 'verifications', 'appointments', 'alerts', 'reports', 'settings'],
} as const satisfies Record<Role, readonly string[]>;

export type PublicScreen = (typeof PUBLIC_SCREENS)[number];
export type PersonaScreen<R extends Role> = (typeof PERSONA_SCREENS)[R][number];

const join = (base: string, screen: string) => (screen === '' ? base : `${base.replace(/\/$/, '')}/${screen}`);

/** Every app path as a pattern: `/`, `/sign-in`, `/estate-owner/memories`, `/beneficiary/estate/:id`. */
export const APP_PATHS: readonly string[] = [
  ...PUBLIC_SCREENS.map((screen) => join('/', screen)),
  ...(Object.keys(PERSONA_SCREENS) as Role[]).flatMap((role) => PERSONA_SCREENS[role].map((screen) => join(personaFor(role).path, screen))),
];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** As the browser's router matches: a `:param` is one non-empty segment, case does not matter, a trailing slash neither. */
const APP_PATH_PATTERN = new RegExp(
  `^(?:${APP_PATHS.map((p) => p.split('/').map((segment) => (segment.startsWith(':') ? '[^/]+' : escape(segment))).join('/').replace(/\/$/, '')).join('|')})/?$`,
  'i',
);

/** A path naming a file (`/wp-login.php`, `/assets/old-chunk.js`): never a screen. */
export function isFileName(path: string): boolean {
  return /\.[A-Za-z0-9]{1,10}$/.test(path);
}

/** True for a path (decoded, without the query) that one of the app's screens answers. */
export function isAppPath(path: string): boolean {
  return !isFileName(path) && APP_PATH_PATTERN.test(path);
}
