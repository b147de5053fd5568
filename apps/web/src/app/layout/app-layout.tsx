import { useState, useId, type MouseEvent, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { ConflictsPanel } from '../../features/offline/components/conflicts-panel.tsx';
import { ConnectionIndicator, OutboxLink } from '../../features/offline/components/connection-indicator.tsx';
import { StorageNotice } from '../../features/offline/components/storage-notice.tsx';
import { WriteToasts } from '../../features/offline/components/write-toasts.tsx';
import { SoundEffects } from '../../features/preferences/components/sound-effects.tsx';
import { ThemeToggle } from '../../features/preferences/components/theme-toggle.tsx';
import { RenderAfterPaint } from '../../components/ui/render-after-paint.tsx';
import { nextPaint } from '../../lib/after-paint.ts';
import { PHONE_QUERY, useMediaQuery } from '../../lib/use-media-query.ts';
import { useSession } from '../../lib/session-store.ts';
import { GlobalShortcuts } from '../../features/shortcuts/components/global-shortcuts.tsx';
import { ShellSearch } from '../../features/search/index.ts';
import { NotificationsButton } from '../../features/notifications/components/notifications-button.tsx';
import { AbsenceDigest } from '../../live/absence-digest.tsx';
import { LastSyncIndicator } from '../../live/last-sync-indicator.tsx';
import { LiveUpdates } from '../../live/live-updates.tsx';
import { fr } from '../../locales/fr/index.ts';
import { WorkProvider } from '../../offline/work-context.tsx';
import { useAuthOutletContext } from '../guards/auth-outlet-context.ts';
import { MainNavigation } from './main-navigation.tsx';
import { NavDrawer } from './nav-drawer.tsx';
import { PhoneTopBar } from './phone-top-bar.tsx';
import { SignOutButton } from './sign-out-button.tsx';
import { UndoRedo } from './undo-redo.tsx';

const t = fr.layout;

/**
 * Signed-in shell: navigation on the left, the screen in <main>; below 768 px a
 * top bar whose 'Menu' opens the same navigation and tools in a drawer. The person's offline engine runs
 * while it is shown (not during forced 2FA set-up, which only opens /security).
 */
export function AppLayout({ children }: { children: ReactNode }) {
  const context = useAuthOutletContext();
  const user = useSession((session) => session.user);
  const phone = useMediaQuery(PHONE_QUERY);
  const [pathname] = useLocation();
  const drawerId = useId();
  // The drawer is open on the screen where it was opened: following one of its links closes it.
  const [menuOpenedAt, setMenuOpenedAt] = useState<string | null>(null);
  const menuOpen = phone && menuOpenedAt === pathname;
  // The user the guard verified (GET /api/auth/me keeps the stored copy current): a second query of /me
  // here would refetch it after a failure and loop with the guard's offline shell.
  const isAdmin = !context.restricted && user?.role === 'admin';
  const navigation = <MainNavigation restricted={context.restricted} isAdmin={isAdmin} />;
  // Shortcuts and the palette lead to screens a restricted session cannot open yet.
  const shortcuts = !context.restricted && <GlobalShortcuts compact={phone} />;
  const search = !context.restricted && <ShellSearch compact={phone} />;
  const notifications = !context.restricted && <NotificationsButton compact={phone} />;
  const tools = (
    <>
      {!context.restricted && <UndoRedo />}
      {!context.restricted && <LastSyncIndicator />}
      <ThemeToggle />
      <SignOutButton userId={user?.id ?? null} />
    </>
  );
  const shell = (
    <div className={phone ? 'app-shell app-shell--phone' : 'app-shell'}>
      <a className="skip-link" href="#main" inert={menuOpen} onClick={skipToMain}>
        {t.skipToContent}
      </a>
      {phone ? (
        <>
          <PhoneTopBar drawerId={drawerId} menuOpen={menuOpen} onMenu={() => setMenuOpenedAt(pathname)}>
            <ConnectionIndicator compact />
            {notifications}
            {search}
            {shortcuts}
          </PhoneTopBar>
          <NavDrawer id={drawerId} open={menuOpen} onClose={() => setMenuOpenedAt(null)}>
            {/* Hidden until 'Menu' opens it, the drawer's content renders a frame after the screen, in a
                task of its own: on a phone at 4x it was a third of the layout's first render (issue 17). */}
            <RenderAfterPaint now={menuOpen}>
              {navigation}
              <div className="sidebar__footer">
                <OutboxLink />
                {tools}
              </div>
            </RenderAfterPaint>
          </NavDrawer>
        </>
      ) : (
        <aside className="sidebar">
          <div className="sidebar__head">
            <p className="sidebar__brand">{fr.common.productName}</p>
            {notifications}
          </div>
          {search}
          {navigation}
          <ConflictsPanel />
          <div className="sidebar__footer">
            <ConnectionIndicator />
            {shortcuts}
            {tools}
          </div>
        </aside>
      )}
      <SoundEffects />
      {!context.restricted && <LiveUpdates />}
      {!context.restricted && <WriteToasts />}
      <main className="app-main" id="main" tabIndex={-1} inert={menuOpen}>
        <StorageNotice />
        {/* On a phone a clash must not wait behind 'Menu': the panel (shown only while conflicts are
            open) leads the page, where the person sees it as they come back online. */}
        {phone && <ConflictsPanel />}
        {!context.restricted && <AbsenceDigest />}
        {children}
      </main>
    </div>
  );
  return context.restricted || !user ? shell : <WithWork userId={user.id}>{shell}</WithWork>;
}

/**
 * Puts the keyboard on the screen's content without following '#main': under the hash router (raw IP
 * addresses) the fragment is the router's address, and following it left the screen for one named 'main'.
 */
function skipToMain(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  document.getElementById('main')?.focus();
}

/**
 * The engine and its IndexedDB store load once the screen has painted, not before it: a screen that
 * reads the server paints without waiting for them (issue 17, Lighthouse), and one that reads the device's
 * copy shows its skeleton meanwhile, as it does while the store opens.
 */
const openEngineChunk = (userId: string) =>
  nextPaint()
    .then(() => import('../../offline/open-engine.ts'))
    .then((module) => module.openEngine(userId));

const WithWork = ({ userId, children }: { userId: string; children: ReactNode }) => (
  <WorkProvider userId={userId} open={openEngineChunk}>
    {children}
  </WorkProvider>
);
