import { StatusBadge } from '../components/ui/status-badge.tsx';
import { fr } from '../locales/fr/index.ts';
import { useTaskLiveBadge, type LiveBadgeKind } from './use-live.ts';

const t = fr.live.badges;
const BADGES: Record<LiveBadgeKind, { tone: 'warning' | 'info'; label: string }> = {
  stale: { tone: 'warning', label: t.stale },
  updating: { tone: 'info', label: t.updating },
  'auto-refresh': { tone: 'info', label: t.autoRefresh },
};

/** 'Stale', 'Maj…' or 'Auto-refresh' beside a task while it applies, else nothing. */
export function LiveBadge({ taskId }: { taskId: string }) {
  const badge = useTaskLiveBadge(taskId);
  if (!badge) return null;
  return <StatusBadge {...BADGES[badge]} />;
}
