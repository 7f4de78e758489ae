/**
 * The one layout for all five persona areas, configured from PERSONAS in core: a fixed sidebar
 * (w-72) on large screens, a slide-over drawer below `lg`, a top bar with the user menu.
 * The router's middleware and loader (router.tsx) have already checked the role; its error
 * boundary (routes/not-allowed.tsx) shows the "not allowed" page.
 */
import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import {
  ArrowRightStartOnRectangleIcon,
  ArrowUturnLeftIcon,
  Bars3Icon,
  ChatBubbleBottomCenterTextIcon,
  ChevronDownIcon,
  Cog6ToothIcon,
  EnvelopeIcon,
} from '@heroicons/react/24/outline';
import { createContext, use, useEffect, useState } from 'react';
import { Link, NavLink, Outlet, useLoaderData, useNavigate } from 'react-router';
import { personaFor, type Persona } from '../../core/personas.ts';
import type { Role } from '../../core/roles.ts';
import { Avatar } from '../components/ui/avatar.tsx';
import { Drawer } from '../components/ui/drawer.tsx';
import { ICONS } from '../components/ui/icons.ts';
import { lazyDialog } from '../components/ui/lazy-dialog.tsx';
import { Logo } from '../components/ui/logo.tsx';
import { motionClasses } from '../components/ui/motion.ts';
import { UnsavedChangesPrompt } from '../components/ui/unsaved-changes-prompt.tsx';
import { SessionTimeoutWarning } from '../features/account/session-timeout-warning.tsx';
import { EstateFrozenBanner } from '../components/ui/estate-frozen-banner.tsx';
import { useUnreadCount } from '../features/inbox/unread-count.ts';
import { signOut, type SignedInSession } from '../lib/session.ts';
import { useSystemName } from '../lib/system-name.ts';

// Loads on first open: its form brings zod, which no dashboard needs to show.
const SendFeedbackDialog = lazyDialog(async () => (await import('../features/feedback/send-feedback-dialog.tsx')).SendFeedbackDialog, (p) => p.open);

/** What the persona layout's loader returns. */
export interface PersonaLayoutData {
  role: Role;
  session: SignedInSession;
}

const SessionContext = createContext<SignedInSession | null>(null);

/** The signed-in session, for screens inside a persona area. */
export function useSignedInSession(): SignedInSession {
  const session = use(SessionContext);
  if (!session) throw new Error('useSignedInSession is only available inside a persona area');
  return session;
}

/** Dialogs and drawers render in a portal under <body>, so the accent goes on <html> too. */
function useDocumentAccent(colour: string): void {
  useEffect(() => {
    const root = document.documentElement;
    root.dataset.accent = colour;
    return () => {
      delete root.dataset.accent;
    };
  }, [colour]);
}

function navLinkClasses(isActive: boolean): string {
  return `group flex items-center gap-x-3 rounded-lg px-3 py-2 text-base font-medium transition-colors ${
    isActive ? 'bg-accent-soft text-accent-text' : 'text-stone-700 hover:bg-stone-100 hover:text-stone-900'
  }`;
}

/** The unread count beside a nav item: the number shown, "(N unread)" read out. */
function UnreadBadge({ count }: { count: number }) {
  return (
    <span className="ml-auto inline-flex min-w-6 justify-center rounded-full bg-accent-solid px-2 py-0.5 text-xs font-semibold text-white">
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="sr-only">({count} unread)</span>
    </span>
  );
}

const isMessagesItem = (href: string) => href.endsWith('/messages');

function Sidebar({
  persona,
  systemName,
  unread,
  onNavigate,
}: {
  persona: Persona;
  systemName: string;
  /** unread conversations, shown on the Messages item */
  unread: number | null;
  onNavigate?: () => void;
}) {
  return (
    <div className="flex grow flex-col gap-y-6 overflow-y-auto border-r border-stone-200 bg-white px-5 pb-5">
      <div className="flex h-16 shrink-0 items-center">
        <Link to={persona.path} onClick={onNavigate} className="min-w-0 rounded-lg">
          <Logo name={systemName} />
        </Link>
      </div>
      <nav aria-label="Main" className="flex flex-1 flex-col">
        <p className="px-3 text-xs font-semibold tracking-wide text-stone-500 uppercase">{persona.name}</p>
        <ul className="mt-2 space-y-1">
          {persona.nav.map((item) => {
            const Icon = ICONS[item.icon];
            return (
              <li key={item.href}>
                <NavLink
                  to={item.href}
                  end={item.href === persona.path}
                  onClick={onNavigate}
                  className={({ isActive }) => navLinkClasses(isActive)}
                >
                  {({ isActive }) => (
                    <>
                      <Icon
                        aria-hidden="true"
                        className={`size-6 shrink-0 ${isActive ? 'text-accent-icon' : 'text-stone-400 group-hover:text-stone-600'}`}
                      />
                      {item.name}
                      {isMessagesItem(item.href) && unread ? <UnreadBadge count={unread} /> : null}
                    </>
                  )}
                </NavLink>
              </li>
            );
          })}
        </ul>
        <div className="mt-auto border-t border-stone-200 pt-4">
          <Link to="/" onClick={onNavigate} className={navLinkClasses(false)}>
            <ArrowUturnLeftIcon aria-hidden="true" className="size-6 shrink-0 text-stone-400 group-hover:text-stone-600" />
            User Type Selector
          </Link>
        </div>
      </nav>
    </div>
  );
}

function UserMenu({ session, persona, onSendFeedback }: { session: SignedInSession; persona: Persona; onSendFeedback: () => void }) {
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);

  async function handleSignOut() {
    setSigningOut(true);
    try {
      await signOut();
    } finally {
      void navigate('/sign-in');
    }
  }

  const itemClasses =
    'flex w-full items-center gap-x-3 px-4 py-2 text-left text-sm text-stone-700 data-focus:bg-stone-100 data-focus:text-stone-900 data-focus:outline-none';
  return (
    <Menu>
      <MenuButton className="-m-1.5 flex min-w-0 items-center gap-x-3 rounded-lg p-1.5 hover:bg-stone-100">
        <span className="sr-only">Open user menu for</span>
        <Avatar initials={session.user.initials} size="sm" />
        <span className="max-w-40 truncate text-sm font-semibold text-stone-900">{session.user.name}</span>
        <ChevronDownIcon aria-hidden="true" className="size-4 shrink-0 text-stone-500" />
      </MenuButton>
      <MenuItems
        anchor="bottom end"
        transition
        className={`z-40 mt-2.5 w-56 origin-top-right rounded-xl bg-white py-2 shadow-lg ring-1 ring-stone-900/10 focus:outline-none data-closed:scale-95 data-closed:opacity-0 ${motionClasses}`}
      >
        <MenuItem>
          <Link to={`${persona.path}/settings`} className={itemClasses}>
            <Cog6ToothIcon aria-hidden="true" className="size-5 text-stone-400" />
            Settings
          </Link>
        </MenuItem>
        {session.demoMode && (
          <MenuItem>
            <Link to="/mail" className={itemClasses}>
              <EnvelopeIcon aria-hidden="true" className="size-5 text-stone-400" />
              Mail
            </Link>
          </MenuItem>
        )}
        <MenuItem>
          <button type="button" onClick={onSendFeedback} className={itemClasses}>
            <ChatBubbleBottomCenterTextIcon aria-hidden="true" className="size-5 text-stone-400" />
            Send feedback
          </button>
        </MenuItem>
        <MenuItem>
          <button
            type="button"
            disabled={signingOut}
            onClick={() => void handleSignOut()}
            className={itemClasses}
          >
            <ArrowRightStartOnRectangleIcon aria-hidden="true" className="size-5 text-stone-400" />
            Sign out
          </button>
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}

export function Component() {
  const { role, session } = useLoaderData() as PersonaLayoutData;
  const persona = personaFor(role);
  const [drawerOpen, setDrawerOpen] = useState(false);
  // the store, not the loader's copy: a name saved in admin Settings shows at once
  const systemName = useSystemName();
  // Send feedback (user menu): a new key each time it opens, so the form starts empty
  const [feedback, setFeedback] = useState({ open: false, key: 0 });
  useDocumentAccent(persona.colour);
  const unread = useUnreadCount(persona.nav.some((item) => isMessagesItem(item.href)));

  return (
    <div data-accent={persona.colour} className="min-h-full">
      <a
        href="#main"
        className="sr-only rounded-lg bg-white px-4 py-2 font-semibold text-stone-900 shadow-lg ring-1 ring-stone-300 focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50"
      >
        Skip to content
      </a>

      <Drawer open={drawerOpen} onClose={() => setDrawerOpen(false)} title={`${persona.name} menu`}>
        <Sidebar persona={persona} systemName={systemName} unread={unread} onNavigate={() => setDrawerOpen(false)} />
      </Drawer>

      {/* a landmark, so the logo above the navigation is inside one too */}
      <aside aria-label="Sidebar" className="hidden lg:fixed print:hidden lg:inset-y-0 lg:z-40 lg:flex lg:w-72 lg:flex-col">
        <Sidebar persona={persona} systemName={systemName} unread={unread} />
      </aside>

      <div className="lg:pl-72 print:pl-0">
        <header className="sticky top-0 print:hidden z-30 flex h-16 items-center gap-x-4 border-b border-stone-200 bg-white/95 px-4 backdrop-blur-sm sm:px-6 lg:px-8">
          <button
            type="button"
            onClick={() => setDrawerOpen(true)}
            className="-m-2.5 rounded-lg p-2.5 text-stone-700 hover:bg-stone-100 lg:hidden"
          >
            <span className="sr-only">Open menu</span>
            <Bars3Icon aria-hidden="true" className="size-6" />
          </button>
          <div aria-hidden="true" className="h-6 w-px bg-stone-200 lg:hidden" />
          <p className="min-w-0 flex-1 truncate text-sm font-medium text-stone-600">
            <span className="lg:hidden">{persona.name}</span>
          </p>
          <UserMenu session={session} persona={persona} onSendFeedback={() => setFeedback((f) => ({ open: true, key: f.key + 1 }))} />
          <SendFeedbackDialog key={feedback.key} open={feedback.open} onClose={() => setFeedback((f) => ({ ...f, open: false }))} />
        </header>

        <main id="main" tabIndex={-1} className="px-4 py-8 focus:outline-none sm:px-6 lg:px-8 lg:py-10">
          <div className="mx-auto max-w-6xl">
            {role === 'estate-owner' && session.user.estateActivatedAt && <EstateFrozenBanner activatedAt={session.user.estateActivatedAt} />}
            <SessionContext value={session}>
              <Outlet />
            </SessionContext>
            <SessionTimeoutWarning />
            <UnsavedChangesPrompt />
          </div>
        </main>
      </div>
    </div>
  );
}
