import { isOneOf, PROJECT_STATUSES } from '@jalon/contract/plain';
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
      <div className="field">
        <label htmlFor="project-status-filter">{t.status}</label>
        <select
          id="project-status-filter"
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
      </div>
      <div className="field toolbar__grow">
        <label htmlFor="project-search">{t.search}</label>
        <input
          id="project-search"
          className="input"
          type="search"
          placeholder={t.searchHint}
          value={search}
          onChange={(event) => onSearchChange(event.target.value)}
        />
      </div>
    </div>
  );
}
