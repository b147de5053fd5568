import { REALTIME } from '@jalon/contract/plain';
import { Link } from 'react-router';
import { fr } from '../../../locales/fr/index.ts';
import { useLiveStatus } from '../../../live/use-live.ts';
import { useWork } from '../../../offline/work-context.tsx';
import { useOnlineStatus } from '../hooks/use-online-status.ts';

/**
 * SPEC §4 "Connectivity" and §8: offline, the realtime stream given up, syncing with what this device
 * still has to send, the stream reconnecting, or online.
 */
export function ConnectionIndicator() {
  const online = useOnlineStatus();
  const live = useLiveStatus();
  const work = useWork();
  const waiting = work.outbox.filter((entry) => entry.state !== 'acked').length;
  const lost = !online || live.kind === 'gave-up' || live.kind === 'reconnecting';
  const state = !online ? 'offline' : waiting > 0 ? 'syncing' : lost ? 'offline' : 'online';
  const text = !online
    ? fr.layout.offline
    : live.kind === 'gave-up'
      ? fr.live.gaveUp
      : waiting > 0
        ? work.sending
          ? fr.sync.connection.syncing(waiting)
          : fr.sync.connection.waiting(waiting)
        : live.kind === 'reconnecting'
          ? fr.live.reconnecting(live.attempt, REALTIME.maxAttempts)
          : fr.layout.online;
  return (
    <div className="connection-block">
      <p className={`connection connection--${state}`} role="status" aria-label={fr.layout.connectionLabel}>
        <span className="connection__dot" aria-hidden="true" />
        {text}
        {!online && waiting > 0 && <span className="connection__detail">{fr.sync.connection.waiting(waiting)}</span>}
      </p>
      {(waiting > 0 || work.conflicts.length > 0) && <Link to="/sync">{fr.sync.outbox.title}</Link>}
    </div>
  );
}
