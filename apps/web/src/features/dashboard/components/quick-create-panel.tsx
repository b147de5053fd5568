import { DASHBOARD } from '@jalon/contract/plain';
import { useEffect, useState } from 'react';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { useCloseOnEscape } from '../../../lib/escape-layers.ts';
import { dashboard } from '../../../locales/fr/dashboard.ts';
import { QuickProjectForm } from './quick-project-form.tsx';
import { QuickTaskForm } from './quick-task-form.tsx';

const t = dashboard.quickCreate;
type Mode = 'project' | 'task';

interface QuickCreatePanelProps {
  id: string;
  /** Refresh the dashboard after a creation. */
  onCreated: () => void;
  /** Close the panel (after 'Créé !' has been shown). */
  onClose: () => void;
}

/** Quick creation of a project or a task: 'Créé !' for 1.8 s, then the panel closes; Esc closes it. */
export function QuickCreatePanel({ id, onCreated, onClose }: QuickCreatePanelProps) {
  const [mode, setMode] = useState<Mode>('project');
  const [createdAt, setCreatedAt] = useState<number | null>(null);

  useEffect(() => {
    if (createdAt === null) return;
    const timer = setTimeout(onClose, DASHBOARD.createdMessageMs);
    return () => clearTimeout(timer);
  }, [createdAt, onClose]);

  // Esc closes the panel and puts the keyboard back on the button that opened it.
  useCloseOnEscape(true, () => {
    const opener = document.querySelector<HTMLElement>(`[aria-controls="${CSS.escape(id)}"]`);
    onClose();
    opener?.focus();
  });

  const succeeded = () => {
    onCreated();
    setCreatedAt(Date.now());
  };

  return (
    <section id={id} className="dash-panel dash-create" aria-label={t.title}>
      <Tabs<Mode>
        label={t.modes}
        idPrefix={`${id}-mode`}
        selected={mode}
        onSelect={setMode}
        items={[
          { key: 'project', label: t.project, render: () => <QuickProjectForm onCreated={succeeded} /> },
          { key: 'task', label: t.task, render: () => <QuickTaskForm onCreated={succeeded} /> },
        ]}
      />
      <p className="dash-create__status" role="status">
        {createdAt !== null && t.created}
      </p>
    </section>
  );
}
