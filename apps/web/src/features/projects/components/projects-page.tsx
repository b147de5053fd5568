import { PageHeader } from '../../../components/ui/page-header.tsx';
import { NotAvailable } from '../../../components/ui/not-available.tsx';
import { fr } from '../../../locales/fr/index.ts';

export function ProjectsPage() {
  return (
    <>
      <PageHeader title={fr.pages.projects.title} />
      <NotAvailable message={fr.pages.projects.notYet} />
    </>
  );
}
