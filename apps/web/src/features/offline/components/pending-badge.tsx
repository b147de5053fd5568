import { StatusBadge, type BadgeTone } from '../../../components/ui/status-badge.tsx';
import { fr } from '../../../locales/fr/index.ts';
import type { PendingState } from '../../../offline/work-rows.ts';

const tones: Record<PendingState, BadgeTone> = { pending: 'info', held: 'warning', conflict: 'danger' };

/** 'En attente' and 'Conflit' on a task or project that has something on this device. */
export function PendingBadge({ state }: { state: PendingState | undefined }) {
  if (!state) return null;
  return <StatusBadge tone={tones[state]} label={fr.sync.badges[state]} />;
}
