import { isOneOf, PROJECT_STATUSES } from '@jalon/contract/plain';
import { Field } from '../../../components/ui/field.tsx';
import { fr } from '../../../locales/fr/index.ts';
import type { StatusFilter } from '../project-filter.ts';

const t = fr.projects.filter;

interface ProjectFiltersProps {
  status: StatusFilter;
  search: string;
  onStatusChange: (status: StatusFilter) => void;
  onSearchChange: (search: string) => void;
}

const isStatusFilter = (value: string): value is StatusFilter =>
  value === 'all' || isOneOf(PROJECT_STATUSES, value);

export function ProjectFilters({ status, search, onStatusChange, onSearchChange }: ProjectFiltersProps) {
  return (
    <div className="toolbar" role="search">
      <Field id="project-status-filter" label={t.status}>
        {(control) => (
          <select
            {...control}
            className="input"
            value={status}
            onChange={(event) => {
              if (isStatusFilter(event.target.value)) onStatusChange(event.target.value);
            }}
          >
            <option value="all">{t.all}</option>
            {PROJECT_STATUSES.map((value) => (
              <option key={value} value={value}>
                {fr.projects.statusLabels[value]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field id="project-search" label={t.search} className="toolbar__grow">
        {(control) => (
          <input
            {...control}
            className="input"
            type="search"
            placeholder={t.searchHint}
            value={search}
            onChange={(event) => onSearchChange(event.target.value)}
          />
        )}
      </Field>
    </div>
  );
}
