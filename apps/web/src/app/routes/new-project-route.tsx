import { useNavigate } from '../../lib/navigation.ts';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { NewProjectForm } from '../../features/projects/components/new-project-form.tsx';
import { fr } from '../../locales/fr/index.ts';

const t = fr.shortcuts;

/**
 * /projects/new and /projects/board/new (shortcuts n p and n b): the projects screen's form as a page.
 * The board variant opens the new project's own kanban once the project exists.
 */
export function NewProjectRoute({ board = false }: { board?: boolean }) {
  const navigate = useNavigate();
  const onCreated = (id: string) => void navigate(board ? `/projects/${id}?view=kanban` : `/projects/${id}`);
  return (
    <>
      <PageHeader title={board ? t.newBoardTitle : t.newProjectTitle}>
        {board && <p>{t.newBoardIntro}</p>}
      </PageHeader>
      <NewProjectForm onCreated={onCreated} onCancel={() => void navigate('/projects')} />
    </>
  );
}

export const NewBoardRoute = () => <NewProjectRoute board />;
