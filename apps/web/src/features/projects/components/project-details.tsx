import type { Project } from '@jalon/contract';
import Pencil from 'lucide-react/icons/pencil';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { formatDay } from '../../../lib/dates.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { fr } from '../../../locales/fr/index.ts';
import { useEditorFocus } from '../../../lib/use-editor-focus.ts';
import { useProjectWrites } from '../api/project-writes.ts';
import { ProjectEditForm } from './project-edit-form.tsx';

const t = fr.projects.detail;

/**
 * A project's description, deadline and creation date, and 'Modifier le projet', which edits the name,
 * description and deadline in place: an ordinary edit through the outbox, at the version shown.
 */
export function ProjectDetails({ project }: { project: Project }) {
  const writes = useProjectWrites();
  const [editing, setEditing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // Closing the form puts the keyboard back on the button that opened it, as a task row's editor does.
  const { editButton: openButton, close } = useEditorFocus(editing, (id) => setEditing(id !== null));

  if (editing) {
    return (
      <ProjectEditForm
        project={project}
        onCancel={() => close()}
        onSave={(patch) => {
          setFailure(null);
          close(() =>
            writes.update(project, patch).catch((error: unknown) => setFailure(errorMessage(error))),
          );
        }}
      />
    );
  }
  return (
    <>
      {failure && <Alert tone="error">{failure}</Alert>}
      <dl className="detail-fields">
        <div>
          <dt>{t.description}</dt>
          <dd>{project.description}</dd>
        </div>
        <div>
          <dt>{t.deadline}</dt>
          <dd>{project.deadline ? formatDay(project.deadline) : t.noDeadline}</dd>
        </div>
        <div>
          <dt>{t.createdAt}</dt>
          <dd>{formatDay(project.createdAt)}</dd>
        </div>
      </dl>
      <button
        ref={openButton}
        type="button"
        className="button project-edit-toggle"
        onClick={() => setEditing(true)}
      >
        <Pencil aria-hidden="true" focusable="false" size={16} />
        {t.edit.open}
      </button>
    </>
  );
}
