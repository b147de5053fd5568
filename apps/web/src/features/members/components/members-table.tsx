import type { AdminMember } from '@jalon/contract';
import { formatDateTime } from '../../../lib/dates.ts';
import { fr } from '../../../locales/fr/index.ts';

const t = fr.members.admin;

export type MemberAction = 'makeAdmin' | 'makeMember' | 'deactivate' | 'reactivate' | 'resetTwoFactor';

/** What an administrator may do to this member from the screen; the server checks the same rules. */
export function actionsFor(member: AdminMember, selfId: string | null): MemberAction[] {
  const self = member.id === selfId;
  const actions: MemberAction[] = [member.role === 'admin' ? 'makeMember' : 'makeAdmin'];
  if (!self) actions.push(member.active ? 'deactivate' : 'reactivate');
  if (!self && member.twoFactorEnabled) actions.push('resetTwoFactor');
  return actions;
}

interface MembersTableProps {
  members: readonly AdminMember[];
  selfId: string | null;
  busy: boolean;
  onAction: (member: AdminMember, action: MemberAction) => void;
}

/** Every account: role, 2FA, last activity, active or not, and the actions on it. */
export function MembersTable({ members, selfId, busy, onAction }: MembersTableProps) {
  return (
    <div className="table-scroll" role="region" aria-labelledby="members-caption" tabIndex={0}>
      <table className="data-table data-table--stacked">
        <caption id="members-caption" className="visually-hidden">
          {t.caption}
        </caption>
        <thead>
          <tr>
            <th scope="col">{t.columns.name}</th>
            <th scope="col">{t.columns.email}</th>
            <th scope="col">{t.columns.role}</th>
            <th scope="col">{t.columns.twoFactor}</th>
            <th scope="col">{t.columns.lastActive}</th>
            <th scope="col">{t.columns.status}</th>
            <th scope="col">{t.columns.actions}</th>
          </tr>
        </thead>
        <tbody>
          {members.map((member) => (
            <tr key={member.id}>
              <th scope="row">
                {member.username}
                {member.id === selfId && ` ${t.you}`}
              </th>
              <td data-label={t.columns.email}>{member.email}</td>
              <td data-label={t.columns.role}>{t.roles[member.role]}</td>
              <td data-label={t.columns.twoFactor}>
                {member.twoFactorEnabled ? t.twoFactorOn : t.twoFactorOff}
              </td>
              <td data-label={t.columns.lastActive}>
                {member.lastActiveAt ? formatDateTime(member.lastActiveAt) : t.never}
              </td>
              <td data-label={t.columns.status}>{member.active ? t.active : t.inactive}</td>
              <td>
                <div className="member-actions" role="group" aria-label={t.actionsFor(member.username)}>
                  {actionsFor(member, selfId).map((action) => (
                    <button
                      key={action}
                      type="button"
                      className={
                        action === 'deactivate' || action === 'resetTwoFactor'
                          ? 'button button--danger'
                          : 'button'
                      }
                      disabled={busy}
                      onClick={() => onAction(member, action)}
                    >
                      {t[action]}
                    </button>
                  ))}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
