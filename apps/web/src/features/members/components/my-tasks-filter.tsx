import '../../../styles/members.css';
import { useSearchParams } from 'wouter';
import { fr } from '../../../locales/fr/index.ts';
import { isMineFilterOn, withMineFilter } from '../my-tasks.ts';

/** The 'Mes tâches' toggle of /tasks; its state lives in the URL (?mine=1), read with `isMineFilterOn`. */
export function MyTasksFilter() {
  const [searchParams, setSearchParams] = useSearchParams();
  const on = isMineFilterOn(searchParams);
  return (
    <button
      type="button"
      className="mine-toggle"
      aria-pressed={on}
      onClick={() => setSearchParams((current) => withMineFilter(current, !on), { replace: true })}
    >
      {fr.members.assignee.mine}
    </button>
  );
}
