import type { Member } from '@jalon/contract';
import '../../../styles/members.css';
import { fr } from '../../../locales/fr/index.ts';
import { assigneeDisplay } from '../member-names.ts';

const t = fr.members.assignee;

interface AssigneeLabelProps {
  assigneeId: string | null | undefined;
  /**
   * The members directory (`useMembers().data`), read once by the view that lists the tasks rather than
   * by each label: a query observer per row made the list's first render longer (issue 17).
   */
  members: readonly Member[] | undefined;
}

/** A task's assignee: initials and name, '(désactivé)' for someone who left; 'Non assigné' when nobody. */
export function AssigneeLabel({ assigneeId, members }: AssigneeLabelProps) {
  const display = assigneeDisplay(assigneeId, members);
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
