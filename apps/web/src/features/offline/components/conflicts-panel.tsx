import { fr } from '../../../locales/fr/index.ts';

interface ConflictsPanelProps {
  /** Unresolved conflicts. The conflict store arrives with the offline-sync issue. */
  count: number;
}

/** Sidebar panel 'Conflits' (SPEC §2): absent, not empty, when there is nothing to resolve. */
export function ConflictsPanel({ count }: ConflictsPanelProps) {
  if (count === 0) return null;
  return (
    <aside className="conflicts-panel" aria-labelledby="conflicts-title">
      <h2 id="conflicts-title">{fr.layout.conflictsTitle}</h2>
      <p>{fr.layout.conflictsCount(count)}</p>
    </aside>
  );
}
