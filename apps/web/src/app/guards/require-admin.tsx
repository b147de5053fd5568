import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { meQueryOptions } from '../../features/auth/api/me.ts';
import { FullPageSpinner } from '../../components/ui/spinner.tsx';
import { fr } from '../../locales/fr/index.ts';
import { PATHS } from './paths.ts';

/** Administration screens: a member is sent to the dashboard (the server answers 403 anyway). */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const me = useQuery(meQueryOptions());
  if (me.isPending) return <FullPageSpinner label={fr.common.verifyingSession} />;
  if (me.data?.user.role !== 'admin') return <Redirect to={PATHS.dashboard} replace />;
  return children;
}
