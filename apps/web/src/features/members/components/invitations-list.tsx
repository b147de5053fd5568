import { useState } from 'react';
import type { Invitation } from '@jalon/contract';
import { Alert } from '../../../components/ui/alert.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatDay } from '../../../lib/dates.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { fr } from '../../../locales/fr/index.ts';
import { useInvitations, useRevokeInvitation } from '../api/invitations.ts';

const t = fr.members.invitations;
const roles = fr.members.admin.roles;

/** Pending invitations with their expiry, each revocable after a confirmation. */
export function InvitationsList() {
  const invitations = useInvitations();
  const revoke = useRevokeInvitation();
  const [pending, setPending] = useState<Invitation | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const confirm = () => {
    if (!pending) return;
    const target = pending;
    setPending(null);
    setNotice(null);
    revoke.mutate(target.id, { onSuccess: () => setNotice(t.revoked(target.email)) });
  };

  let body;
  if (invitations.isPending) body = <Spinner label={fr.members.admin.loading} />;
  else if (invitations.isError) body = <Alert tone="error">{errorMessage(invitations.error)}</Alert>;
  else if (invitations.data.length === 0) body = <p className="empty-text">{t.empty}</p>;
  else
    body = (
      <ul className="invitation-list" aria-label={t.listLabel}>
        {invitations.data.map((invitation) => (
          <li key={invitation.id} className="invitation-item" aria-label={invitation.email}>
            <span>
              <strong>{invitation.email}</strong> · {roles[invitation.role]} ·{' '}
              {t.expires(formatDay(invitation.expiresAt))}
            </span>
            <button
              type="button"
              className="button button--danger"
              aria-label={t.revokeLabel(invitation.email)}
              disabled={revoke.isPending}
              onClick={() => setPending(invitation)}
            >
              {t.revoke}
            </button>
          </li>
        ))}
      </ul>
    );

  return (
    <section className="card" aria-labelledby="invitations-title">
      <h2 id="invitations-title">{t.heading}</h2>
      {notice && <Alert tone="success">{notice}</Alert>}
      {revoke.isError && <Alert tone="error">{`${t.revokeError} : ${errorMessage(revoke.error)}`}</Alert>}
      {body}
      {pending && (
        <ConfirmDialog
          title={t.confirmTitle}
          message={t.confirmText(pending.email)}
          confirmLabel={t.revoke}
          cancelLabel={fr.members.admin.confirmCancel}
          onConfirm={confirm}
          onCancel={() => setPending(null)}
        />
      )}
    </section>
  );
}
