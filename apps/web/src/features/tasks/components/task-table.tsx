import type { Task } from '@jalon/contract';
import { stripTmpPrefix } from '@jalon/contract/plain';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import ArrowDown from 'lucide-react/icons/arrow-down';
import ArrowUp from 'lucide-react/icons/arrow-up';
import ChevronsUpDown from 'lucide-react/icons/chevrons-up-down';
import { Fragment, useMemo, useRef, useState, type CSSProperties } from 'react';
import { useSearchParams } from 'wouter';
import { scrollWindowRows, useOverscan, useRowMeasuring } from '../../../components/ui/virtual-list.tsx';
import { usePageOffset } from '../../../lib/use-page-offset.ts';
import { PHONE_QUERY, useMediaQuery } from '../../../lib/use-media-query.ts';
import { fr } from '../../../locales/fr/index.ts';
import type { PendingState } from '../../../offline/work-rows.ts';
import { useMembers } from '../../members/index.ts';
import { useTaskFamily } from '../hooks/use-task-family.ts';
import {
  nextSort,
  readTaskSort,
  SORT_COLUMNS,
  sortTasks,
  withTaskSort,
  type SortColumn,
  type TaskSort,
} from '../task-sort.ts';
import { TaskPhoneRow } from './task-phone-row.tsx';
import { TaskTableRow, type TaskRowActions } from './task-table-row.tsx';

// A row's height before ResizeObserver measures it: a title of one or two lines on a desk, a title line and
// a line of details on a phone (work.css). An estimate far too small made the first render mount every row
// that would fit at that height, only to drop most of them a frame later (issue 17).
const DESK_ROW_PX = 48;
const PHONE_ROW_PX = 60;

const t = fr.tasks.table;

interface TaskTableProps extends TaskRowActions {
  tasks: readonly Task[];
  pending: ReadonlyMap<string, PendingState>;
  /** The projects' names; null on a project's page, where every row is that project's and the column goes. */
  projectNames: ReadonlyMap<string, string> | null;
}

function SortHeader({
  column,
  sort,
  onSort,
}: {
  column: SortColumn;
  sort: TaskSort | null;
  onSort: (column: SortColumn) => void;
}) {
  const direction = sort?.column === column ? sort.direction : undefined;
  const Icon = direction === 'ascending' ? ArrowUp : direction === 'descending' ? ArrowDown : ChevronsUpDown;
  return (
    <div role="columnheader" aria-sort={direction} className="task-table__cell task-table__head-cell">
      <button
        type="button"
        className="task-table__sort"
        title={t.sortBy(t.columns[column])}
        onClick={() => onSort(column)}
      >
        {t.columns[column]}
        <Icon aria-hidden="true" focusable="false" size={14} />
      </button>
    </div>
  );
}

/**
 * The list view as a table (decision 0035): one row per task, sorted by any column (kept in the
 * address as `sort=`), only the rows in view mounted. An ARIA table of rows rather than a <table>, since the
 * virtualizer places each row on its own. The table scrolls with the page, never in a box of its own (a
 * phone had two tasks per screen in one). Below 768 px a row is two lines, its status one tap.
 */
export function TaskTable({ tasks, pending, projectNames, ...actions }: TaskTableProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const members = useMembers();
  const { family, labelsById } = useTaskFamily();
  const [editingId, setEditingId] = useState<string | null>(null);
  const sort = readTaskSort(searchParams);
  const rows = useMemo(() => {
    const names = new Map(members.data?.map((member) => [member.id, member.username]));
    return sortTasks(tasks, sort, {
      project: (id) => projectNames?.get(id) ?? '',
      assignee: (id) => (id === null ? null : (names.get(id) ?? '')),
    });
    // The sort is compared by value: the address gives a new object on each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tasks, sort?.column, sort?.direction, projectNames, members.data]);
  const onSort = (column: SortColumn) =>
    setSearchParams((params) => withTaskSort(params, nextSort(sort, column)), { replace: true });

  const phone = useMediaQuery(PHONE_QUERY);
  const bodyRef = useRef<HTMLDivElement>(null);
  const scrollMargin = usePageOffset(bodyRef);
  // As in VirtualList: a few rows past the edge once the table has painted, not a second screenful (issue 17).
  const overscan = useOverscan(4);
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    // A task made on this device is `tmp-<uuid>` until the server has it, then `<uuid>`: keyed on
    // the uuid, its row is not remounted then, and an edit open in it keeps what was typed.
    getItemKey: (index) => stripTmpPrefix(rows[index]!.id),
    ...useRowMeasuring<Window>(phone ? PHONE_ROW_PX : DESK_ROW_PX),
    scrollToFn: scrollWindowRows,
    scrollMargin,
    overscan,
  });
  const Row = phone ? TaskPhoneRow : TaskTableRow;
  // The assignee column as wide as the longest name (in `ch`, with the initials' room), up to 16rem: names
  // show whole, and one very long name does not push the table past a desk's screen.
  const assigneeWidth = useMemo(
    () => Math.max(8, ...(members.data ?? []).map((member) => member.username.length + 1)),
    [members.data],
  );

  const columns = projectNames ? SORT_COLUMNS : SORT_COLUMNS.filter((column) => column !== 'project');

  return (
    <div
      className={projectNames ? 'task-table' : 'task-table task-table--one-project'}
      style={{ '--assignee-width': `min(calc(${assigneeWidth}ch + 2.5rem), 16rem)` } as CSSProperties}
      role="table"
      aria-label={fr.tasks.views.list}
      aria-rowcount={rows.length + 1}
    >
      <div role="rowgroup" className="task-table__head">
        <div role="row" aria-rowindex={1} className="task-table__row">
          {columns.map((column) => (
            <Fragment key={column}>
              <SortHeader column={column} sort={sort} onSort={onSort} />
              {column === 'title' && (
                <div
                  role="columnheader"
                  className="task-table__cell task-table__head-cell task-table__head-cell--labels"
                >
                  {t.labels}
                </div>
              )}
            </Fragment>
          ))}
          <div role="columnheader" className="task-table__cell task-table__head-cell">
            <span className="visually-hidden">{t.actions}</span>
          </div>
        </div>
      </div>
      <div
        ref={bodyRef}
        role="rowgroup"
        className="task-table__body"
        style={{ height: virtualizer.getTotalSize() }}
      >
        {virtualizer.getVirtualItems().map((item) => {
          const task = rows[item.index]!;
          return (
            <div
              key={item.key}
              ref={virtualizer.measureElement}
              role="row"
              aria-label={task.title || fr.tasks.untitled}
              aria-rowindex={item.index + 2}
              data-index={item.index}
              className="task-table__row task-table__row--body"
              style={{ transform: `translateY(${item.start - scrollMargin}px)` }}
            >
              <Row
                task={task}
                subTasks={family.progressOf(task.id)}
                parentTitle={family.parentTitleOf(task)}
                labelsById={labelsById}
                projectName={projectNames && (projectNames.get(task.project) ?? '')}
                members={members.data}
                pending={pending.get(task.id)}
                editing={editingId !== null && stripTmpPrefix(editingId) === stripTmpPrefix(task.id)}
                onEdit={setEditingId}
                {...actions}
              />
            </div>
          );
        })}
      </div>
    </div>
  );
}
