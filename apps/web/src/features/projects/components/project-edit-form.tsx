import type { Project, UpdateProject } from '@jalon/contract';
import { PROJECT_LIMITS } from '@jalon/contract/plain';
import { EditForm, useEditDraft } from '../../../components/edit-form.tsx';
import { fr } from '../../../locales/fr/index.ts';

const t = fr.projects.detail.edit;

interface ProjectEditFormProps {
  project: Project;
  onSave: (patch: UpdateProject) => void;
  onCancel: () => void;
}

/**
 * A project's name, description and deadline, edited where the project is shown. Only what changed is
 * sent, so that an edit made elsewhere meanwhile to another field stands (the outbox's merge rule).
 */
export function ProjectEditForm({ project, onSave, onCancel }: ProjectEditFormProps) {
  const draft = useEditDraft(project);

  const save = () => {
    const patch: UpdateProject = {
      ...(draft.name.trim() !== project.name ? { name: draft.name.trim() } : {}),
      ...(draft.description.trim() !== project.description ? { description: draft.description.trim() } : {}),
      ...draft.deadlinePatch(),
    };
    if (Object.keys(patch).length === 0) onCancel();
    else onSave(patch);
  };

  return (
    <EditForm
      draft={draft}
      words={t}
      limits={PROJECT_LIMITS}
      descriptionRows={3}
      className="form panel project-edit"
      onSave={save}
      onCancel={onCancel}
    />
  );
}
