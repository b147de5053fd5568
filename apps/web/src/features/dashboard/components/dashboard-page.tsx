import { PageHeader } from '../../../components/ui/page-header.tsx';
import { useSession } from '../../../lib/session-store.ts';
import { fr } from '../../../locales/fr/index.ts';

const t = fr.pages.dashboard;

export function DashboardPage() {
  const { user } = useSession();
  const username = user?.username.trim() || t.fallbackUsername;
  // Only the greeting for now: the counters, charts and lists arrive with the dashboard issue.
  return <PageHeader title={t.greeting(username)} />;
}
