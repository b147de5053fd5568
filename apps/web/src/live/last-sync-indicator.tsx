import { useEffect, useState } from 'react';
import { StatusBadge } from '../components/ui/status-badge.tsx';
import { relativeAge } from '../features/dashboard/dashboard-model.ts';
import { fr } from '../locales/fr/index.ts';
import { useLastSync } from './use-live.ts';

const t = fr.live;

/** "Dernière synchro : il y a 12 s" (SPEC §2, units s, m, h, j), and 'Auto-refresh' while it runs. */
export function LastSyncIndicator() {
  const { at, autoRefresh } = useLastSync();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);
  const age = relativeAge(new Date(at).toISOString(), new Date(Math.max(now, at)));
  return (
    <p className="last-sync">
      <span>{t.lastSync(age.amount, age.unit)}</span>
      {autoRefresh && <StatusBadge tone="info" label={t.badges.autoRefresh} />}
    </p>
  );
}
