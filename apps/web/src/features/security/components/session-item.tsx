import type { SessionInfo } from '@jalon/contract';
import { fr } from '../../../locales/fr/index.ts';
import { formatDateTime } from '../../../lib/dates.ts';

const t = fr.security.sessions;

interface SessionItemProps {
  session: SessionInfo;
  busy: boolean;
  onRevoke: (session: SessionInfo) => void;
}

export function SessionItem({ session, busy, onRevoke }: SessionItemProps) {
  const titleId = `session-${session.id}-device`;
  return (
    <li className="session" aria-labelledby={titleId}>
      <div className="session__main">
        <p className="session__device" id={titleId}>
          {session.device}
          {session.current && <span className="badge badge--current">{t.current}</span>}
        </p>
        <p className="session__meta">
          <span>{t.lastActive(formatDateTime(session.lastActiveAt))}</span>
          <span>{t.created(formatDateTime(session.createdAt))}</span>
          <span>{t.expires(formatDateTime(session.expiresAt))}</span>
        </p>
      </div>
      <button
        type="button"
        className="button"
        aria-label={session.current ? t.revokeCurrentLabel(session.device) : t.revokeLabel(session.device)}
        disabled={busy}
        onClick={() => onRevoke(session)}
      >
        {t.revoke}
      </button>
    </li>
  );
}
