import { PageHeader } from '../../../components/ui/page-header.tsx';
import { NotAvailable } from '../../../components/ui/not-available.tsx';
import { fr } from '../../../locales/fr/index.ts';

export function TasksPage() {
  return (
    <>
      <PageHeader title={fr.pages.tasks.title} />
      <NotAvailable message={fr.pages.tasks.notYet} />
    </>
  );
}
