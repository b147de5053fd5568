import { Outlet } from 'react-router';
import { ConflictsPanel } from '../../features/offline/components/conflicts-panel.tsx';
import { ConnectionIndicator } from '../../features/offline/components/connection-indicator.tsx';
import { SoundEffects } from '../../features/preferences/components/sound-effects.tsx';
import { ThemeToggle } from '../../features/preferences/components/theme-toggle.tsx';
import { fr } from '../../locales/fr/index.ts';
import { useAuthOutletContext } from '../guards/auth-outlet-context.ts';
import { NavItem } from './nav-item.tsx';
import { SignOutButton } from './sign-out-button.tsx';

const t = fr.layout;

/** Signed-in shell (SPEC §2 "Main layout"): navigation on the left, the screen in <main>. */
export function AppLayout() {
  const context = useAuthOutletContext();
  return (
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
          </ul>
        </nav>
        {/* The conflict store comes with the offline-sync issue; until then there is never one to show. */}
        <ConflictsPanel count={0} />
        <div className="sidebar__footer">
          <ConnectionIndicator />
          <ThemeToggle />
          <SignOutButton />
        </div>
      </aside>
      <SoundEffects />
      <main className="app-main" id="main" tabIndex={-1}>
        <Outlet context={context} />
      </main>
    </div>
  );
}
