import { REALTIME } from '@jalon/contract/plain';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import Wifi from 'lucide-react/icons/wifi';
import WifiOff from 'lucide-react/icons/wifi-off';
import { Link } from 'wouter';
import { fr } from '../../../locales/fr/index.ts';
import { useLiveStatus } from '../../../live/use-live.ts';
import { useWork } from '../../../offline/work-context.tsx';
import { useOnlineStatus } from '../../../lib/use-online-status.ts';

type ConnectionState = 'online' | 'syncing' | 'offline';

// A shape per state, not only a colour (WCAG 1.4.1): the phone's top bar shows the icon alone.
const ICONS = { online: Wifi, syncing: RefreshCw, offline: WifiOff } as const;

/**
 * The connection as the person needs to know it: offline, the realtime stream given up, syncing with what this device
 * still has to send, the stream reconnecting, or online. `compact` (the phone's top bar) shows the icon
 * and the count of unsent changes; the words stay for assistive technology and as a tooltip.
 */
export function ConnectionIndicator({ compact = false }: { compact?: boolean }) {
  const online = useOnlineStatus();
  const live = useLiveStatus();
  const work = useWork();
  const waiting = work.outbox.filter((entry) => entry.state !== 'acked').length;
  const lost = !online || live.kind === 'gave-up' || live.kind === 'reconnecting';
  const state: ConnectionState = !online ? 'offline' : waiting > 0 ? 'syncing' : lost ? 'offline' : 'online';
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
  const detail = !online && waiting > 0 ? fr.sync.connection.waiting(waiting) : null;
  const Icon = ICONS[state];
  const status = (
    <p
      className={`connection connection--${state}${compact ? ' connection--compact' : ''}`}
      role="status"
      aria-label={fr.layout.connectionLabel}
      title={compact ? [text, detail].filter(Boolean).join(' · ') : undefined}
    >
      <Icon className="connection__icon" aria-hidden="true" focusable="false" size={18} />
      <span className={compact ? 'visually-hidden' : undefined}>{text}</span>
      {detail && <span className={compact ? 'visually-hidden' : 'connection__detail'}>{detail}</span>}
      {compact && waiting > 0 && (
        <span className="connection__count" aria-hidden="true">
          {waiting}
        </span>
      )}
    </p>
  );
  if (compact) return status;
  return (
    <div className="connection-block">
      {status}
      <OutboxLink />
    </div>
  );
}

/** 'Modifications en attente' (/sync), while something waits or conflicts: beside the indicator, or in the phone's menu. */
export function OutboxLink() {
  const work = useWork();
  const waiting = work.outbox.some((entry) => entry.state !== 'acked');
  if (!waiting && work.conflicts.length === 0) return null;
  return <Link to="/sync">{fr.sync.outbox.title}</Link>;
}
