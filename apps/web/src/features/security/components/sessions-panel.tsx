import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { SessionInfo } from '@jalon/contract';
import { Alert } from '../../../components/ui/alert.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { fr } from '../../../locales/fr/index.ts';
import { useRevokeOtherSessions } from '../api/revoke-other-sessions.ts';
import { useRevokeSession } from '../api/revoke-session.ts';
import { sessionsKey, useSessions } from '../api/sessions.ts';
import { failureMessage } from '../security-errors.ts';
import { SessionItem } from './session-item.tsx';

const t = fr.security.sessions;

type Pending = { kind: 'one'; session: SessionInfo } | { kind: 'others' };

export interface SessionsPanelProps {
  /** The session of this browser was revoked: it is signed out. */
  onSignedOut: () => void;
}

/** The Sessions tab: each device with its last activity, revoked one by one or all but this one. */
export function SessionsPanel({ onSignedOut }: SessionsPanelProps) {
  const queryClient = useQueryClient();
  const sessions = useSessions();
  const revokeOne = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const [pending, setPending] = useState<Pending | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: sessionsKey });

  const confirm = () => {
    if (pending === null) return;
    setPending(null);
    setNotice(null);
    if (pending.kind === 'others') {
      revokeOne.reset();
      revokeOthers.mutate(undefined, {
        onSuccess: ({ revoked }) => {
          setNotice(t.revokedOthers(revoked));
          refresh();
        },
      });
      return;
    }
    const { session } = pending;
    revokeOthers.reset();
    revokeOne.mutate(session.id, {
      onSuccess: () => {
        if (session.current) {
          onSignedOut();
          return;
        }
        setNotice(t.revoked);
        refresh();
      },
    });
  };

  const busy = revokeOne.isPending || revokeOthers.isPending;
  let body;
  if (sessions.isPending) body = <Spinner label={t.loading} />;
  else if (sessions.isError)
    body = (
      <>
        <Alert tone="error">{failureMessage(sessions.error, t.loadError)}</Alert>
        <button type="button" className="button" onClick={() => void sessions.refetch()}>
          {t.retry}
        </button>
      </>
    );
  else if (sessions.data.sessions.length === 0) body = <p className="empty-text">{t.empty}</p>;
  else
    body = (
      <>
        {sessions.data.sessions.length > 1 && (
          <div className="button-row">
            <button
              type="button"
              className="button button--danger"
              disabled={busy}
              onClick={() => setPending({ kind: 'others' })}
            >
              {t.revokeOthers}
            </button>
          </div>
        )}
        <ul className="session-list" aria-label={t.listLabel}>
          {sessions.data.sessions.map((session) => (
            <SessionItem
              key={session.id}
              session={session}
              busy={busy}
              onRevoke={(target) => setPending({ kind: 'one', session: target })}
            />
          ))}
        </ul>
      </>
    );

  return (
    <section className="security-section" aria-labelledby="sessions-title">
      <h2 id="sessions-title">{t.heading}</h2>
      <p className="muted">{t.intro}</p>
      {notice && <Alert tone="success">{notice}</Alert>}
      {revokeOne.isError && <Alert tone="error">{failureMessage(revokeOne.error, t.revokeError)}</Alert>}
      {revokeOthers.isError && (
        <Alert tone="error">{failureMessage(revokeOthers.error, t.revokeOthersError)}</Alert>
      )}
      {body}
      {pending && (
        <ConfirmDialog
          title={pending.kind === 'others' ? t.revokeOthersConfirmTitle : t.revokeConfirmTitle}
          message={
            pending.kind === 'others'
              ? t.revokeOthersConfirmText
              : pending.session.current
                ? t.revokeCurrentConfirmText
                : t.revokeConfirmText(pending.session.device)
          }
          confirmLabel={pending.kind === 'others' ? t.revokeOthersConfirm : t.revokeConfirm}
          cancelLabel={fr.security.confirmCancel}
          onConfirm={confirm}
          onCancel={() => setPending(null)}
        />
      )}
    </section>
  );
}
