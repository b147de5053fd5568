import { useMemo } from 'react';
import { useSearchParams } from 'wouter';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { fr } from '../../../locales/fr/index.ts';
import '../../../styles/work.css';
import { useWork } from '../../../offline/work-context.tsx';
import { projectOptions } from '../project-options.ts';
import { TaskCreateForm } from './task-create-form.tsx';

/** /tasks/new, on the project given in the address (`?projectId=`) when there is one. */
export function NewTaskPage() {
  const work = useWork();
  const options = useMemo(() => projectOptions(work.projects), [work.projects]);
  const [searchParams] = useSearchParams();
  return (
    <>
      <PageHeader title={fr.tasks.newPage.title} />
      <TaskCreateForm
        variant="page"
        projects={{ options, ready: work.ready, loadError: work.loadError }}
        initialProject={searchParams.get('projectId') ?? ''}
      />
    </>
  );
}
