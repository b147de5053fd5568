import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { FullPageSpinner } from '../../components/ui/spinner.tsx';
import { meQueryOptions } from '../../features/auth/api/me.ts';
import { useSessionUpkeep } from '../../features/auth/hooks/use-session-upkeep.ts';
import { applyServerPreferences } from '../../features/preferences/preferences-store.ts';
import { isApiError } from '../../lib/api-error.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { isAuthRedirectPending } from '../../lib/redirects.ts';
import { useSession } from '../../lib/session-store.ts';
import { fr } from '../../locales/fr/index.ts';
import type { AuthOutletContext } from './auth-outlet-context.ts';
import { PATHS } from './paths.ts';

const enrolmentRequired = (error: unknown): boolean =>
  isApiError(error) && error.code === 'two_factor_enrolment_required';

/**
 * Route guard of SPEC §2/§6: spinner while the session is verified (GET /api/auth/me, once),
 * unauthenticated to /login, admin without 2FA and temporary-token-only sign-ins to /security.
 */
export function RequireAuth() {
  const { token, tempToken } = useSession();
  const { pathname } = useLocation();
  const onSecurity = pathname === PATHS.security;
  const me = useQuery({ ...meQueryOptions(), enabled: token !== null });
  useSessionUpkeep(token !== null);
  // Preferences follow the person: on sign-in and page load the server's copy is applied.
  const serverPreferences = me.data?.preferences;
  useEffect(() => {
    if (serverPreferences) applyServerPreferences(serverPreferences);
  }, [serverPreferences]);

  const restrictTo = (context: AuthOutletContext) =>
    onSecurity ? <Outlet context={context} /> : <Navigate to={PATHS.security} replace />;

  if (token === null) {
    if (tempToken !== null) return restrictTo({ restricted: true });
    // The API client may already be taking the user to /login?expired=true: do not race it.
    if (isAuthRedirectPending()) return <FullPageSpinner label={fr.common.verifyingSession} />;
    return <Navigate to={PATHS.login} replace />;
  }
  if (me.isPending) return <FullPageSpinner label={fr.common.verifyingSession} />;
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
  const { user } = me.data;
  if (user.role === 'admin' && !user.twoFactorEnabled) return restrictTo({ restricted: true });
  return <Outlet context={{ restricted: false } satisfies AuthOutletContext} />;
}
