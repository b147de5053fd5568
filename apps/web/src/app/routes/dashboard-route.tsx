import { DashboardPage } from '../../features/dashboard/components/dashboard-page.tsx';
import { useOnlineStatus } from '../../lib/use-online-status.ts';
import { PreferencesMenu } from '../../features/preferences/components/preferences-menu.tsx';

/** Composes the dashboard with the connectivity state and the preferences menu. */
export function DashboardRoute() {
  const online = useOnlineStatus();
  return <DashboardPage online={online} preferencesMenu={<PreferencesMenu />} />;
}
