import { useEffect, useRef } from 'react';
import { useWork } from '../../../offline/work-context.tsx';

/**
 * The dashboard is a server read: after this device's edits reached the server (an answer) or a pull
 * brought others' changes, it reads again. The revision it mounted with is not a change.
 */
export function useRefreshWhenServerChanges(refresh: () => void): void {
  const { serverRevision } = useWork();
  const seen = useRef(serverRevision);
  useEffect(() => {
    if (serverRevision === seen.current) return;
    seen.current = serverRevision;
    refresh();
  }, [serverRevision, refresh]);
}
