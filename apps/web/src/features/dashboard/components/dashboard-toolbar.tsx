import RefreshCw from 'lucide-react/icons/refresh-cw';
import { DASHBOARD } from '@jalon/contract/plain';
import { memo, useId, type ReactNode } from 'react';
import { Field } from '../../../components/ui/field.tsx';
import { dashboard } from '../../../locales/fr/dashboard.ts';
import type { ProjectChoice } from '../api/list-projects.ts';

const t = dashboard;

interface DashboardToolbarProps {
  period: number;
  onPeriodChange: (days: number) => void;
  projects: readonly ProjectChoice[];
  projectId: string | null;
  onProjectChange: (projectId: string | null) => void;
  onRefresh: () => void;
  refreshing: boolean;
  createOpen: boolean;
  createPanelId: string;
  onToggleCreate: () => void;
  preferencesMenu?: ReactNode;
}

/** The header's controls: period, preferences, project filter with 'Effacer', refresh, create. */
export const DashboardToolbar = memo(function DashboardToolbar(props: DashboardToolbarProps) {
  const periodId = useId();
  const projectSelectId = useId();
  const focused = props.projectId !== null;
  return (
    <div className="dash-toolbar" role="group" aria-label={t.toolbarLabel}>
      <Field id={periodId} label={t.period} className="dash-toolbar__field">
        {(control) => (
          <select
            {...control}
            className="input"
            value={props.period}
            onChange={(event) => props.onPeriodChange(Number(event.target.value))}
          >
            {DASHBOARD.periods.map((days) => (
              <option key={days} value={days}>
                {t.periodOption(days)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field id={projectSelectId} label={t.projectFilter} className="dash-toolbar__field">
        {(control) => (
          <select
            {...control}
            className="input"
            data-shortcut-filter
            value={props.projectId ?? ''}
            onChange={(event) => props.onProjectChange(event.target.value === '' ? null : event.target.value)}
          >
            <option value="">{t.allProjects}</option>
            {props.projects.map((project) => (
              <option key={project.id} value={project.id}>
                {project.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <button
        type="button"
        className="button"
        disabled={!focused}
        onClick={() => props.onProjectChange(null)}
      >
        {t.clearFilter}
      </button>
      <button type="button" className="button" onClick={props.onRefresh} aria-busy={props.refreshing}>
        <RefreshCw
          aria-hidden="true"
          focusable="false"
          size={18}
          className={props.refreshing ? 'dash-spin' : undefined}
        />{' '}
        {t.refresh}
      </button>
      {props.preferencesMenu}
      <button
        type="button"
        className="button button--primary"
        aria-expanded={props.createOpen}
        aria-controls={props.createPanelId}
        onClick={props.onToggleCreate}
      >
        {props.createOpen ? t.close : t.create}
      </button>
    </div>
  );
});
