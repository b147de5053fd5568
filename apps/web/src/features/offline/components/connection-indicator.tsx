import { fr } from '../../../locales/fr/index.ts';
import { useOnlineStatus } from '../hooks/use-online-status.ts';

export function ConnectionIndicator() {
  const online = useOnlineStatus();
  return (
    <p
      className={`connection connection--${online ? 'online' : 'offline'}`}
      role="status"
      aria-label={fr.layout.connectionLabel}
    >
      <span className="connection__dot" aria-hidden="true" />
      {online ? fr.layout.online : fr.layout.offline}
    </p>
  );
}
