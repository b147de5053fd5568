import { Redirect } from 'wouter';
import { useSession } from '../../lib/session-store.ts';
import { PATHS } from './paths.ts';

/** '/' and unknown paths: to the dashboard when signed in, else to the login screen. */
export function HomeRedirect() {
  const token = useSession((session) => session.token);
  const tempToken = useSession((session) => session.tempToken);
  if (token !== null) return <Redirect to={PATHS.dashboard} replace />;
  if (tempToken !== null) return <Redirect to={PATHS.security} replace />;
  return <Redirect to={PATHS.login} replace />;
}
