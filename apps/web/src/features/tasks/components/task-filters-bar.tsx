import { TASK_PRIORITIES } from '@jalon/contract/plain';
import RotateCcw from 'lucide-react/icons/rotate-ccw';
import SlidersHorizontal from 'lucide-react/icons/sliders-horizontal';
import { useId, useState } from 'react';
import { useSearchParams } from 'wouter';
import { Field } from '../../../components/ui/field.tsx';
import { PHONE_QUERY, useMediaQuery } from '../../../lib/use-media-query.ts';
import { fr } from '../../../locales/fr/index.ts';
import { MyTasksFilter, useMembers } from '../../members/index.ts';
import type { ProjectOption } from '../project-options.ts';
import { DUE_FILTERS } from '../deadline.ts';
import {
  countTaskFilters,
  NOT_DONE,
  readTaskFilters,
  UNASSIGNED,
  withoutTaskFilters,
  withTaskFilter,
  type TaskFilterKey,
} from '../task-filters.ts';
import { KANBAN_COLUMNS } from '../task-views.ts';
import { LabelFilter } from './label-filter.tsx';

const t = fr.tasks.filters;

interface FilterSelectProps {
  id: string;
  label: string;
  value: string | null;
  anyLabel: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
  /** The control the 'f' shortcut focuses. */
  shortcutTarget?: boolean;
}

function FilterSelect({ id, label, value, anyLabel, options, onChange, shortcutTarget }: FilterSelectProps) {
  return (
    <Field id={id} label={label}>
      {(control) => (
        <select
          {...control}
          className="input"
          value={value ?? ''}
          data-shortcut-filter={shortcutTarget ? '' : undefined}
          onChange={(event) => onChange(event.target.value)}
        >
          <option value="">{anyLabel}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/**
 * The filters of /tasks, kept in the address (decision 0035): a reload or a shared link shows the same tasks.
 * On a phone they fold behind a 'Filtres' button, closed when the screen opens, so that the tasks come
 * first; its name counts the filters that apply ('Filtres (2)').
 */
export function TaskFiltersBar({ projects }: { projects: readonly ProjectOption[] }) {
  const id = useId();
  const phone = useMediaQuery(PHONE_QUERY);
  const [unfolded, setUnfolded] = useState(false);
  const open = !phone || unfolded;
  const [searchParams, setSearchParams] = useSearchParams();
  const members = useMembers();
  const filters = readTaskFilters(searchParams);
  const active = countTaskFilters(searchParams);
  const set = (key: TaskFilterKey) => (value: string) =>
    setSearchParams((params) => withTaskFilter(params, key, value), { replace: true });
  const assignees = [
    { value: UNASSIGNED, label: t.unassigned },
    ...(members.data ?? []).map((member) => ({
      value: member.id,
      label: member.active ? member.username : `${member.username} ${fr.members.assignee.deactivated}`,
    })),
  ];

  return (
    <>
      {phone && (
        <button
          type="button"
          className="button task-filters__toggle"
          aria-expanded={open}
          aria-controls={`${id}-panel`}
          onClick={() => setUnfolded((current) => !current)}
        >
          <SlidersHorizontal aria-hidden="true" focusable="false" size={16} />
          {t.toggle(active)}
        </button>
      )}
      <div id={`${id}-panel`} className="task-filters" role="search" aria-label={t.label} hidden={!open}>
        <FilterSelect
          id={`${id}-status`}
          label={t.status}
          value={filters.status}
          anyLabel={t.any}
          options={[
            ...KANBAN_COLUMNS.map((status) => ({ value: status, label: fr.tasks.statusLabel(status) })),
            { value: NOT_DONE, label: t.notDone },
          ]}
          onChange={set('status')}
          shortcutTarget
        />
        <FilterSelect
          id={`${id}-due`}
          label={t.due}
          value={filters.due}
          anyLabel={t.anyFeminine}
          options={DUE_FILTERS.map((due) => ({ value: due, label: t.dueLabels[due] }))}
          onChange={set('due')}
        />
        <FilterSelect
          id={`${id}-priority`}
          label={t.priority}
          value={filters.priority}
          anyLabel={t.anyFeminine}
          options={TASK_PRIORITIES.map((priority) => ({
            value: priority,
            label: fr.tasks.priorityLabels[priority],
          }))}
          onChange={set('priority')}
        />
        <FilterSelect
          id={`${id}-project`}
          label={t.project}
          value={filters.project}
          anyLabel={t.any}
          options={projects.map((project) => ({ value: project.id, label: project.name }))}
          onChange={set('project')}
        />
        <FilterSelect
          id={`${id}-assignee`}
          label={t.assignee}
          value={filters.assignee}
          anyLabel={t.any}
          options={assignees}
          onChange={set('assignee')}
        />
        <LabelFilter id={`${id}-label`} />
        <Field id={`${id}-text`} label={t.text} className="task-filters__text">
          {(control) => (
            <input
              {...control}
              className="input"
              type="search"
              placeholder={t.textHint}
              value={filters.text}
              onChange={(event) => set('text')(event.target.value)}
            />
          )}
        </Field>
        <div className="task-filters__actions">
          <MyTasksFilter />
          <button
            type="button"
            className="button"
            disabled={active === 0}
            onClick={() => setSearchParams((params) => withoutTaskFilters(params), { replace: true })}
          >
            <RotateCcw aria-hidden="true" focusable="false" size={16} />
            {t.reset}
          </button>
        </div>
      </div>
    </>
  );
}
