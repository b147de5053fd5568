import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { ConflictsPanel } from '../../features/offline/components/conflicts-panel.tsx';
import { ConnectionIndicator } from '../../features/offline/components/connection-indicator.tsx';
import { StorageNotice } from '../../features/offline/components/storage-notice.tsx';
import { SoundEffects } from '../../features/preferences/components/sound-effects.tsx';
import { ThemeToggle } from '../../features/preferences/components/theme-toggle.tsx';
import { useSession } from '../../lib/session-store.ts';
import { GlobalShortcuts } from '../../features/shortcuts/components/global-shortcuts.tsx';
import { AbsenceDigest } from '../../live/absence-digest.tsx';
import { LastSyncIndicator } from '../../live/last-sync-indicator.tsx';
import { LiveUpdates } from '../../live/live-updates.tsx';
import { fr } from '../../locales/fr/index.ts';
import { openEngine } from '../../offline/open-engine.ts';
import { WorkProvider } from '../../offline/work-context.tsx';
import { useAuthOutletContext } from '../guards/auth-outlet-context.ts';
import { NavItem } from './nav-item.tsx';
import { SignOutButton } from './sign-out-button.tsx';
import { UndoRedo } from './undo-redo.tsx';

const t = fr.layout;

/**
 * Signed-in shell (SPEC §2 "Main layout"): navigation on the left, the screen in <main>. The person's
 * offline engine runs while it is shown (not during forced 2FA set-up, which only opens /security).
 */
export function AppLayout() {
  const context = useAuthOutletContext();
  const { user } = useSession();
  // The user the guard verified (GET /api/auth/me keeps the stored copy current): a second query of /me
  // here would refetch it after a failure and loop with the guard's offline shell.
  const isAdmin = !context.restricted && user?.role === 'admin';
  const shell = (
    <div className="app-shell">
      <a className="skip-link" href="#main">
        {t.skipToContent}
      </a>
      <aside className="sidebar">
        <p className="sidebar__brand">{fr.common.productName}</p>
        <nav aria-label={t.mainNavigation}>
          <ul className="nav">
            {/* While only /security is open, links that would bounce straight back are not offered. */}
            {!context.restricted && <NavItem to="/" label={t.nav.dashboard} activeFor={['/dashboard']} />}
            {!context.restricted && (
              <NavItem to="/projects" label={t.nav.projects} activeFor={['/projects']} />
            )}
            {!context.restricted && <NavItem to="/tasks" label={t.nav.tasks} activeFor={['/tasks']} />}
            <NavItem to="/security" label={t.nav.security} activeFor={['/security']} />
            {isAdmin && !context.restricted && (
              <NavItem to="/admin/members" label={t.nav.members} activeFor={['/admin/members']} />
            )}
          </ul>
        </nav>
        <ConflictsPanel />
        <div className="sidebar__footer">
          <ConnectionIndicator />
          {/* Shortcuts and the palette lead to screens a restricted session cannot open yet. */}
          {!context.restricted && <GlobalShortcuts />}
          {!context.restricted && <UndoRedo />}
          {!context.restricted && <LastSyncIndicator />}
          <ThemeToggle />
          <SignOutButton userId={user?.id ?? null} />
        </div>
      </aside>
      <SoundEffects />
      {!context.restricted && <LiveUpdates />}
      <main className="app-main" id="main" tabIndex={-1}>
        <StorageNotice />
        {!context.restricted && <AbsenceDigest />}
        <Outlet context={context} />
      </main>
    </div>
  );
  return context.restricted || !user ? shell : <WithWork userId={user.id}>{shell}</WithWork>;
}

const WithWork = ({ userId, children }: { userId: string; children: ReactNode }) => (
  <WorkProvider userId={userId} open={openEngine}>
    {children}
  </WorkProvider>
);
