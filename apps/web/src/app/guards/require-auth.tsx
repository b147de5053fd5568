import type { Me, User } from '@jalon/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { useOnlineStatus } from '../../lib/use-online-status.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { FullPageSpinner } from '../../components/ui/spinner.tsx';
import { meQueryOptions } from '../../features/auth/api/me.ts';
import { loginReturningTo } from '../../features/auth/return-to.ts';
import { useSessionUpkeep } from '../../features/auth/hooks/use-session-upkeep.ts';
import { applyServerPreferences } from '../../features/preferences/preferences-store.ts';
import { isApiError } from '../../lib/api-error.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { isAuthRedirectPending } from '../../lib/redirects.ts';
import { getSession, useSession } from '../../lib/session-store.ts';
import { fr } from '../../locales/fr/index.ts';
import { AuthOutletContext } from './auth-outlet-context.ts';
import { mustEnrolFirst } from './must-enrol-first.ts';
import { PATHS } from './paths.ts';

const enrolmentRequired = (error: unknown): boolean =>
  isApiError(error) && error.code === 'two_factor_enrolment_required';

/** How often an app opened offline asks /me again while the browser says it is online. */
const OFFLINE_SHELL_RECHECK_MS = 5_000;

/**
 * Route guard of every signed-in screen: spinner while the session is verified (GET /api/auth/me, once),
 * unauthenticated to /login, admin without 2FA and temporary-token-only sign-ins to /security.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const hasToken = useSession((session) => session.token !== null);
  return (
    <>
      <SessionUpkeep active={hasToken} />
      <AuthGate>{children}</AuthGate>
    </>
  );
}

/** The session's upkeep in a component of its own: the expiry moves with every API answer, and only this re-renders for it. */
function SessionUpkeep({ active }: { active: boolean }) {
  useSessionUpkeep(active);
  return null;
}

function AuthGate({ children }: { children: ReactNode }) {
  const token = useSession((session) => session.token);
  const tempToken = useSession((session) => session.tempToken);
  const storedUser = useSession((session) => session.user);
  const online = useOnlineStatus();
  const [pathname] = useLocation();
  const search = useSearch();
  const onSecurity = pathname === PATHS.security;
  // Opened signed out (a link to a task, say): /login remembers the page, and the sign-in lands there.
  // A session that ends later (signing out, a revocation) goes to plain /login.
  const [arrivedSignedOut] = useState(() => {
    const session = getSession();
    return session.token === null && session.tempToken === null;
  });
  const me = useQuery({ ...meQueryOptions(), enabled: token !== null });
  // Preferences follow the person: on sign-in and page load the server's copy is applied.
  const serverPreferences = me.data?.preferences;
  useEffect(() => {
    if (serverPreferences) applyServerPreferences(serverPreferences);
  }, [serverPreferences]);

  // Opened offline (a reload served by the service worker, decision 0016): /me cannot answer, so the app
  // opens on the user stored at sign-in; the API still checks every call. Back online, /me is asked again
  // (the query client never saw the page go offline, so it would not), and again every few seconds while
  // the network is still coming back; a refused session signs out. Once opened this way the app stays
  // open until /me answers: a network that flaps must not take the person's screen away mid-edit.
  const { refetch } = me;
  const unreachable = me.isError && isApiError(me.error) && me.error.kind === 'network';
  const [openedOffline, setOpenedOffline] = useState(false);
  const offlineShell = unreachable && storedUser !== null && (openedOffline || !online || me.isFetching);
  // Adjusted while rendering (React's pattern for state that follows other values), not in an effect.
  if (offlineShell && !openedOffline) setOpenedOffline(true);
  if (me.isSuccess && openedOffline) setOpenedOffline(false);
  useEffect(() => {
    if (!offlineShell) return;
    const verify = () => {
      if (navigator.onLine) void refetch();
    };
    window.addEventListener('online', verify);
    const timer = setInterval(verify, OFFLINE_SHELL_RECHECK_MS);
    return () => {
      window.removeEventListener('online', verify);
      clearInterval(timer);
    };
  }, [offlineShell, refetch]);

  const restrictTo = (context: AuthOutletContext) =>
    onSecurity ? (
      <AuthOutletContext value={context}>{children}</AuthOutletContext>
    ) : (
      <Redirect to={PATHS.security} replace />
    );

  if (token === null) {
    if (tempToken !== null) return restrictTo({ restricted: true });
    // The API client may already be taking the user to /login?expired=true: do not race it.
    if (isAuthRedirectPending()) return <FullPageSpinner label={fr.common.verifyingSession} />;
    return <Redirect to={arrivedSignedOut ? loginReturningTo(pathname, search) : PATHS.login} replace />;
  }
  if (me.isPending) return <FullPageSpinner label={fr.common.verifyingSession} />;
  if (offlineShell) return signedIn(storedUser);
  if (me.isError) {
    if (enrolmentRequired(me.error)) return restrictTo({ restricted: true });
    if (isApiError(me.error) && (me.error.status === 401 || me.error.kind === 'session_expired')) {
      return <FullPageSpinner label={fr.common.verifyingSession} />;
    }
    return (
      <main className="full-page-center" id="main">
        <div className="card">
          <Alert tone="error">
            {fr.common.sessionCheckFailed} {errorMessage(me.error)}
          </Alert>
          <button type="button" className="button button--primary" onClick={() => void me.refetch()}>
            {fr.common.retry}
          </button>
        </div>
      </main>
    );
  }
  if (me.data === undefined) return <FullPageSpinner label={fr.common.verifyingSession} />;
  return signedIn(me.data.user, me.data.session);

  function signedIn(user: Pick<User, 'role' | 'twoFactorEnabled'>, session?: Me['session']) {
    if (mustEnrolFirst(user, session)) return restrictTo({ restricted: true });
    return <AuthOutletContext value={{ restricted: false }}>{children}</AuthOutletContext>;
  }
}
