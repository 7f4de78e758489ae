import { personaFor } from './personas.ts';
import type { Role } from './roles.ts';

/**
 * Every screen of the web app: its path and the file under src/web/routes/ that draws it (without
 * .tsx). The one table that the browser's router (src/web/router.tsx), the server's page fallback
 * (plugins/web.ts: the app for these, 404 for anything else; ADR 0082) and the page's code preloads
 * (lib/page-html.ts) all read. '' is a section's own page.
 */
export const PUBLIC_SCREENS = {
  '': 'landing',
  'sign-in': 'sign-in',
  'sign-up': 'sign-up',
  'sign-up/confirm': 'confirm-sign-up',
  invitations: 'accept-invitation',
  // the same page for links mailed before the token moved to the fragment (ADR 0095; they last 14 days)
  'invitations/:token': 'accept-invitation',
  mail: 'mail',
  'forgot-password': 'forgot-password',
  'reset-password': 'reset-password',
  'verify-email': 'verify-email',
  'two-factor-setup': 'two-factor-setup',
  'check-in': 'check-in',
  'check-in/questions/:id': 'check-in-question',
  'cancel-report': 'cancel-report',
  trustee: 'trustee',
  'memorial/:token': 'memorial',
} as const;

export const PERSONA_SCREENS = {
  'estate-owner': {
    '': 'estate-owner/dashboard',
    memories: 'estate-owner/memories',
    'memories/create': 'estate-owner/create-memory',
    beneficiaries: 'estate-owner/beneficiaries',
    'beneficiaries/add': 'estate-owner/add-beneficiary',
    'digital-assets': 'estate-owner/digital-assets',
    documents: 'estate-owner/documents',
    tasks: 'estate-owner/tasks',
    appointments: 'estate-owner/appointments',
    messages: 'estate-owner/messages',
    settings: 'estate-owner/settings',
    security: 'estate-owner/security',
    'release-plan': 'estate-owner/release-plan',
    seal: 'estate-owner/seal',
    export: 'estate-owner/export-download',
  },
  'legacy-planner': {
    '': 'legacy-planner/dashboard',
    'loved-ones': 'legacy-planner/loved-ones',
    'loved-ones/invite': 'legacy-planner/invite-loved-one',
    'loved-ones/:estateId': 'legacy-planner/loved-one',
    tools: 'legacy-planner/tools',
    appointments: 'legacy-planner/appointments',
    resources: 'legacy-planner/resources',
    'resources/:slug': 'legacy-planner/resource',
    messages: 'legacy-planner/messages',
    settings: 'legacy-planner/settings',
  },
  beneficiary: {
    '': 'beneficiary/home',
    memories: 'beneficiary/memories',
    documents: 'beneficiary/documents',
    appointments: 'beneficiary/appointments',
    messages: 'beneficiary/messages',
    notifications: 'beneficiary/notifications',
    settings: 'beneficiary/settings',
    'estate/:id': 'beneficiary/estate',
  },
  admin: {
    '': 'admin/dashboard',
    users: 'admin/users',
    estates: 'admin/estates',
    reports: 'admin/reports',
    security: 'admin/security',
    logs: 'admin/logs',
    settings: 'admin/settings',
  },
  'estate-administrator': {
    '': 'estate-administrator/dashboard',
    estates: 'estate-administrator/estates',
    'estates/:id': 'estate-administrator/estate-details',
    verifications: 'estate-administrator/verifications',
    appointments: 'estate-administrator/appointments',
    alerts: 'estate-administrator/alerts',
    reports: 'estate-administrator/reports',
    settings: 'estate-administrator/settings',
  },
} as const satisfies Record<Role, Record<string, string>>;

/** The file under src/web/ of the layout every persona area's screens render in. */
export const PERSONA_LAYOUT_FILE = 'layouts/persona-layout';

const join = (base: string, screen: string) => (screen === '' ? base : `${base.replace(/\/$/, '')}/${screen}`);

/** A screen as the server sees it: its path pattern, its file, and whether it renders in the persona layout. */
export interface AppScreen {
  /** `/`, `/sign-in`, `/estate-owner/memories`, `/beneficiary/estate/:id` */
  path: string;
  file: string;
  inPersonaLayout: boolean;
  matches: RegExp;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** As the browser's router matches: a `:param` is one non-empty segment, case does not matter, a trailing slash neither. */
const patternOf = (path: string) =>
  new RegExp(`^${path.split('/').map((segment) => (segment.startsWith(':') ? '[^/]+' : escape(segment))).join('/').replace(/\/$/, '')}/?$`, 'i');

const screen = (path: string, file: string, inPersonaLayout: boolean): AppScreen => ({ path, file, inPersonaLayout, matches: patternOf(path) });

export const APP_SCREENS: readonly AppScreen[] = [
  ...Object.entries(PUBLIC_SCREENS).map(([path, file]) => screen(join('/', path), file, false)),
  ...(Object.keys(PERSONA_SCREENS) as Role[]).flatMap((role) =>
    Object.entries(PERSONA_SCREENS[role]).map(([path, file]) => screen(join(personaFor(role).path, path), file, true)),
  ),
];

/** Every app path as a pattern. */
export const APP_PATHS: readonly string[] = APP_SCREENS.map((s) => s.path);

/** A path naming a file (`/wp-login.php`, `/assets/old-chunk.js`): never a screen. */
export function isFileName(path: string): boolean {
  return /\.[A-Za-z0-9]{1,10}$/.test(path);
}

/** The screen that answers a path (decoded, without the query), if any. */
export function screenAt(path: string): AppScreen | undefined {
  return isFileName(path) ? undefined : APP_SCREENS.find((s) => s.matches.test(path));
}
