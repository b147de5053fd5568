import '../../../styles/members.css';
import { fr } from '../../../locales/fr/index.ts';
import { useMembers } from '../api/members.ts';
import { assigneeDisplay } from '../member-names.ts';

const t = fr.members.assignee;

/** A task's assignee: initials and name, '(désactivé)' for someone who left; 'Non assigné' when nobody. */
export function AssigneeLabel({ assigneeId }: { assigneeId: string | null | undefined }) {
  const members = useMembers();
  const display = assigneeDisplay(assigneeId, members.data);
  if (display.kind === 'none') return <span className="assignee assignee--none">{t.none}</span>;
  if (display.kind === 'loading') return <span className="assignee assignee--none">…</span>;
  if (display.kind === 'unknown') return <span className="assignee assignee--none">{t.unknown}</span>;
  return (
    <span className={display.deactivated ? 'assignee assignee--deactivated' : 'assignee'}>
      <span className="assignee__initials" aria-hidden="true">
        {display.initials}
      </span>
      <span className="assignee__name">
        {display.name}
        {display.deactivated && ` ${t.deactivated}`}
      </span>
    </span>
  );
}
