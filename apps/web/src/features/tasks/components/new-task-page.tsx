import { PageHeader } from '../../../components/ui/page-header.tsx';
import { NotAvailable } from '../../../components/ui/not-available.tsx';
import { fr } from '../../../locales/fr/index.ts';

export function NewTaskPage() {
  return (
    <>
      <PageHeader title={fr.pages.tasks.title} />
      <h2>{fr.pages.tasks.newTitle}</h2>
      <NotAvailable message={fr.pages.tasks.newNotYet} />
    </>
  );
}
