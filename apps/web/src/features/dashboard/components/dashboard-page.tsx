import { PageHeader } from '../../../components/ui/page-header.tsx';
import { NotAvailable } from '../../../components/ui/not-available.tsx';
import { useSession } from '../../../lib/session-store.ts';
import { fr } from '../../../locales/fr/index.ts';

const t = fr.pages.dashboard;

export function DashboardPage() {
  const { user } = useSession();
  const username = user?.username.trim() || t.fallbackUsername;
  return (
    <>
      <PageHeader title={t.greeting(username)} />
      <NotAvailable message={t.notYet} />
    </>
  );
}
