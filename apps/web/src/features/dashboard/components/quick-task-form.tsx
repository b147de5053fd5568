import { dashboard } from '../../../locales/fr/dashboard.ts';
import { useWork } from '../../../offline/work-context.tsx';
import { TaskCreateForm } from '../../tasks/index.ts';
import { quickCreateError, taskDraft } from '../quick-create-rules.ts';
import { QuickCreateSubmit } from './quick-create-submit.tsx';

const t = dashboard.quickCreate;
const words = {
  title: t.titleField,
  project: t.projectField,
  chooseProject: t.chooseProject,
  loadingProjects: t.loadingProjects,
};

/** The project list comes from the device's copy, so a project created a moment ago is already in it. */
export function QuickTaskForm({ onCreated }: { onCreated: () => void }) {
  const work = useWork();
  return (
    <TaskCreateForm
      variant="dashboard"
      projects={{ options: work.projects, ready: work.ready, loadError: work.loadError }}
      words={words}
      draft={taskDraft}
      describeFailure={quickCreateError}
      renderSubmit={(error, pending) => <QuickCreateSubmit error={error} pending={pending} />}
      onCreated={onCreated}
    />
  );
}
