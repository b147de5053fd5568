import '../../../styles/members.css';
import { useState } from 'react';
import type { AdminMember } from '@jalon/contract';
import { Alert } from '../../../components/ui/alert.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useSession } from '../../../lib/session-store.ts';
import { fr } from '../../../locales/fr/index.ts';
import { useAdminMembers, useUpdateMember } from '../api/admin-members.ts';
import { InvitationsList } from './invitations-list.tsx';
import { InviteForm } from './invite-form.tsx';
import { MembersTable, type MemberAction } from './members-table.tsx';
import { ResetTwoFactorForm } from './reset-two-factor-form.tsx';

const t = fr.members.admin;

type Confirming = { member: AdminMember; action: Exclude<MemberAction, 'resetTwoFactor'> };

function confirmTexts({ member, action }: Confirming) {
  switch (action) {
    case 'makeAdmin':
    case 'makeMember':
      return {
        title: t.confirmRoleTitle,
        message: t.confirmRoleText(member.username, t.roles[action === 'makeAdmin' ? 'admin' : 'member']),
        confirm: t.confirmRole,
      };
    case 'deactivate':
      return {
        title: t.confirmDeactivateTitle,
        message: t.confirmDeactivateText(member.username),
        confirm: t.confirmDeactivate,
      };
    case 'reactivate':
      return {
        title: t.confirmReactivateTitle,
        message: t.confirmReactivateText(member.username),
        confirm: t.confirmReactivate,
      };
  }
}

const changeFor = (action: Confirming['action']) =>
  action === 'makeAdmin'
    ? { role: 'admin' as const }
    : action === 'makeMember'
      ? { role: 'member' as const }
      : { active: action === 'reactivate' };

/** /admin/members (administrators only): members with their role, 2FA, activity; invitations. */
export function MembersAdminPage() {
  const selfId = useSession((session) => session.user?.id ?? null);
  const members = useAdminMembers();
  const update = useUpdateMember();
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const [resetting, setResetting] = useState<AdminMember | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const onAction = (member: AdminMember, action: MemberAction) => {
    setNotice(null);
    update.reset();
    if (action === 'resetTwoFactor') setResetting(member);
    else setConfirming({ member, action });
  };

  const confirm = () => {
    if (!confirming) return;
    const { member, action } = confirming;
    setConfirming(null);
    update.mutate(
      { id: member.id, change: changeFor(action) },
      { onSuccess: () => setNotice(t.updated(member.username)) },
    );
  };

  let body;
  if (members.isPending) body = <Spinner label={t.loading} />;
  else if (members.isError)
    body = (
      <>
        <Alert tone="error">{`${t.loadError} ${errorMessage(members.error)}`}</Alert>
        <button type="button" className="button" onClick={() => void members.refetch()}>
          {t.retry}
        </button>
      </>
    );
  else
    body = (
      <MembersTable members={members.data} selfId={selfId} busy={update.isPending} onAction={onAction} />
    );

  const texts = confirming ? confirmTexts(confirming) : null;
  return (
    <div className="members-page">
      <PageHeader title={t.title} />
      <InviteForm />
      <section className="card" aria-labelledby="members-title">
        <h2 id="members-title">{t.listHeading}</h2>
        {notice && <Alert tone="success">{notice}</Alert>}
        {update.isError && <Alert tone="error">{`${t.updateError} : ${errorMessage(update.error)}`}</Alert>}
        {body}
      </section>
      {resetting && (
        <ResetTwoFactorForm
          key={resetting.id}
          member={resetting}
          onDone={(message) => {
            setResetting(null);
            setNotice(message);
          }}
          onCancel={() => setResetting(null)}
        />
      )}
      {/* Below the member list, once it has its height: appearing earlier, it would be pushed down. */}
      {!members.isPending && <InvitationsList />}
      {confirming && texts && (
        <ConfirmDialog
          title={texts.title}
          message={texts.message}
          confirmLabel={texts.confirm}
          cancelLabel={t.confirmCancel}
          onConfirm={confirm}
          onCancel={() => setConfirming(null)}
        />
      )}
    </div>
  );
}
