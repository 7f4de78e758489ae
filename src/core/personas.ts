import type { Role } from './roles.ts';

/** Icon names are Heroicons (outline) component names without the `Icon` suffix; the web maps them. */
export type IconName =
  | 'Home' | 'Photo' | 'Users' | 'ComputerDesktop' | 'DocumentText' | 'ClipboardDocumentList' | 'CalendarDays'
  | 'ChatBubbleLeftRight' | 'Cog6Tooth' | 'UserGroup' | 'WrenchScrewdriver' | 'AcademicCap' | 'Bell'
  | 'ChartBar' | 'ShieldCheck' | 'QueueList' | 'BuildingLibrary' | 'DocumentCheck' | 'ExclamationTriangle'
  | 'UserCircle' | 'Heart' | 'Scale' | 'LockClosed';

/** Accent colour per persona: the landing card's colour carries into the persona's sidebar highlight. */
export type AccentColour = 'indigo' | 'emerald' | 'rose' | 'slate' | 'amber';

export interface NavItem {
  name: string;
  href: string;
  icon: IconName;
}

export interface Persona {
  key: Role;
  name: string;
  description: string;
  path: string;
  icon: IconName;
  colour: AccentColour;
  sampleUser: { name: string; initials: string; email: string };
  nav: NavItem[];
}

/** Demo users (demo mode only) sign in from the landing page, or with this published password. */
export const DEMO_PASSWORD = 'heirloom-demo-2026';

export const PERSONAS: readonly Persona[] = [
  {
    key: 'estate-owner',
    name: 'Estate Owner',
    description: 'Create and manage your digital legacy for loved ones',
    path: '/estate-owner',
    icon: 'Home',
    colour: 'indigo',
    sampleUser: { name: 'Margaret Ellis', initials: 'ME', email: 'margaret.ellis@demo.heirloom.local' },
    nav: [
      { name: 'Dashboard', href: '/estate-owner', icon: 'Home' },
      { name: 'Memories', href: '/estate-owner/memories', icon: 'Photo' },
      { name: 'Beneficiaries', href: '/estate-owner/beneficiaries', icon: 'Users' },
      { name: 'Digital Assets', href: '/estate-owner/digital-assets', icon: 'ComputerDesktop' },
      { name: 'Documents', href: '/estate-owner/documents', icon: 'DocumentText' },
      { name: 'Tasks', href: '/estate-owner/tasks', icon: 'ClipboardDocumentList' },
      { name: 'Appointments', href: '/estate-owner/appointments', icon: 'CalendarDays' },
      { name: 'Messages', href: '/estate-owner/messages', icon: 'ChatBubbleLeftRight' },
      // not in the wireframe: sealing (issue 27) is reached from here as well as from Settings
      { name: 'Sealing', href: '/estate-owner/seal', icon: 'LockClosed' },
      { name: 'Settings', href: '/estate-owner/settings', icon: 'Cog6Tooth' },
    ],
  },
  {
    key: 'legacy-planner',
    name: 'Legacy Planner',
    description: 'Help clients create meaningful digital legacies',
    path: '/legacy-planner',
    icon: 'UserGroup',
    colour: 'emerald',
    sampleUser: { name: 'David Chen', initials: 'DC', email: 'david.chen@demo.heirloom.local' },
    nav: [
      { name: 'Dashboard', href: '/legacy-planner', icon: 'Home' },
      { name: 'Loved Ones', href: '/legacy-planner/loved-ones', icon: 'Heart' },
      { name: 'Assistance Tools', href: '/legacy-planner/tools', icon: 'WrenchScrewdriver' },
      { name: 'Appointments', href: '/legacy-planner/appointments', icon: 'CalendarDays' },
      { name: 'Learning Resources', href: '/legacy-planner/resources', icon: 'AcademicCap' },
      { name: 'Messages', href: '/legacy-planner/messages', icon: 'ChatBubbleLeftRight' },
      { name: 'Settings', href: '/legacy-planner/settings', icon: 'Cog6Tooth' },
    ],
  },
  {
    key: 'beneficiary',
    name: 'Beneficiary',
    description: 'Access memories and documents shared by loved ones',
    path: '/beneficiary',
    icon: 'Heart',
    colour: 'rose',
    sampleUser: { name: 'Emily Ellis', initials: 'EE', email: 'emily.ellis@demo.heirloom.local' },
    nav: [
      { name: 'Home', href: '/beneficiary', icon: 'Home' },
      { name: 'Shared Memories', href: '/beneficiary/memories', icon: 'Photo' },
      { name: 'Shared Documents', href: '/beneficiary/documents', icon: 'DocumentText' },
      { name: 'Appointments', href: '/beneficiary/appointments', icon: 'CalendarDays' },
      { name: 'Messages', href: '/beneficiary/messages', icon: 'ChatBubbleLeftRight' },
      { name: 'Notifications', href: '/beneficiary/notifications', icon: 'Bell' },
      { name: 'Settings', href: '/beneficiary/settings', icon: 'Cog6Tooth' },
    ],
  },
  {
    key: 'admin',
    name: 'Administrator',
    description: 'Manage the platform, users and system settings',
    path: '/admin',
    icon: 'ShieldCheck',
    colour: 'slate',
    sampleUser: { name: 'Priya Raman', initials: 'PR', email: 'priya.raman@demo.heirloom.local' },
    nav: [
      { name: 'Dashboard', href: '/admin', icon: 'Home' },
      { name: 'Users', href: '/admin/users', icon: 'Users' },
      { name: 'Estates', href: '/admin/estates', icon: 'BuildingLibrary' },
      { name: 'Reports', href: '/admin/reports', icon: 'ChartBar' },
      { name: 'Security', href: '/admin/security', icon: 'ShieldCheck' },
      { name: 'Logs', href: '/admin/logs', icon: 'QueueList' },
      { name: 'Settings', href: '/admin/settings', icon: 'Cog6Tooth' },
    ],
  },
  {
    key: 'estate-administrator',
    name: 'Estate Administrator',
    description: 'Oversee estate activations and manage verifications',
    path: '/estate-administrator',
    icon: 'Scale',
    colour: 'amber',
    sampleUser: { name: 'Robert Hayes', initials: 'RH', email: 'robert.hayes@demo.heirloom.local' },
    nav: [
      { name: 'Dashboard', href: '/estate-administrator', icon: 'Home' },
      { name: 'Estates', href: '/estate-administrator/estates', icon: 'BuildingLibrary' },
      { name: 'Verifications', href: '/estate-administrator/verifications', icon: 'DocumentCheck' },
      { name: 'Appointments', href: '/estate-administrator/appointments', icon: 'CalendarDays' },
      { name: 'Alerts', href: '/estate-administrator/alerts', icon: 'ExclamationTriangle' },
      { name: 'Reports', href: '/estate-administrator/reports', icon: 'ChartBar' },
      { name: 'Settings', href: '/estate-administrator/settings', icon: 'Cog6Tooth' },
    ],
  },
];

export function personaFor(role: Role): Persona {
  const persona = PERSONAS.find((p) => p.key === role);
  if (!persona) throw new Error(`no persona for role ${role}`);
  return persona;
}

/** The persona whose area a browser path belongs to, if any. */
export function personaForPath(pathname: string): Persona | undefined {
  return PERSONAS.find((p) => pathname === p.path || pathname.startsWith(`${p.path}/`));
}
