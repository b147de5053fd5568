import { useQuery } from '@tanstack/react-query';
import { Navigate, Outlet } from '../../lib/router/index.ts';
import { meQueryOptions } from '../../features/auth/api/me.ts';
import { FullPageSpinner } from '../../components/ui/spinner.tsx';
import { fr } from '../../locales/fr/index.ts';
import { useAuthOutletContext } from './auth-outlet-context.ts';
import { PATHS } from './paths.ts';

/** Administration screens: a member is sent to the dashboard (the server answers 403 anyway). */
export function RequireAdmin() {
  const context = useAuthOutletContext();
  const me = useQuery(meQueryOptions());
  if (me.isPending) return <FullPageSpinner label={fr.common.verifyingSession} />;
  if (me.data?.user.role !== 'admin') return <Navigate to={PATHS.dashboard} replace />;
  return <Outlet context={context} />;
}
