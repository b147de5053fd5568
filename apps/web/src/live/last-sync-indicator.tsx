import { useEffect, useState } from 'react';
import { StatusBadge } from '../components/ui/status-badge.tsx';
import { relativeAge } from '../lib/relative-age.ts';
import { fr } from '../locales/fr/index.ts';
import { useWork } from '../offline/work-context.tsx';
import { useLastSync } from './use-live.ts';

const t = fr.live;

/**
 * "Dernière synchro : il y a 12 s" (units s, m, h, j), and 'Auto-refresh' while it runs. The
 * time is when the device's copy last heard from the server in this page (a pull or an answer): after a
 * reload it says 'Synchronisation…' until the load's catch-up has landed, never a time it did not sync.
 */
export function LastSyncIndicator() {
  const { autoRefresh } = useLastSync();
  const at = useWork().lastSyncedAt;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);
  const age = at === null ? null : relativeAge(new Date(at).toISOString(), new Date(Math.max(now, at)));
  return (
    <p className="last-sync">
      <span>{age ? t.lastSync(age.amount, age.unit) : t.syncing}</span>
      {autoRefresh && <StatusBadge tone="info" label={t.badges.autoRefresh} />}
    </p>
  );
}
