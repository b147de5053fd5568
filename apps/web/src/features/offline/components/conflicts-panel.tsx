import { SYNC } from '@jalon/contract/plain';
import type { ConflictRecord, Resolution } from '@jalon/sync';
import { useEffect } from 'react';
import { Link } from 'wouter';
import { fr } from '../../../locales/fr/index.ts';
import { useWork, useWorkEngine } from '../../../offline/work-context.tsx';
import { ConflictItem } from './conflict-item.tsx';

const t = fr.sync.conflicts;

/**
 * The sidebar panel 'Conflits': absent, not empty, when there is nothing to resolve; the first 25
 * open ones, and a link to the full view. It also reads the store every 5 s, which catches a
 * conflict recorded by another tab whose message was lost.
 */
export function ConflictsPanel() {
  const work = useWork();
  const engine = useWorkEngine();
  useEffect(() => {
    if (!engine) return;
    const timer = setInterval(() => void engine.reread(), SYNC.conflictPollMs);
    return () => clearInterval(timer);
  }, [engine]);
  const open = work.conflicts.filter((conflict) => !conflict.resolved);
  if (open.length === 0 || !engine) return null;
  const resolve = (conflict: ConflictRecord, resolution: Resolution) =>
    engine.resolve(conflict.id, resolution);
  return (
    <aside className="conflicts-panel" aria-labelledby="conflicts-title">
      <h2 id="conflicts-title">{t.title}</h2>
      <p>{t.count(open.length)}</p>
      <ul className="conflict-list">
        {open.slice(0, SYNC.conflictPanelLimit).map((conflict) => (
          <ConflictItem key={conflict.id} conflict={conflict} onResolve={resolve} />
        ))}
      </ul>
      <Link to="/sync">{t.showAll}</Link>
    </aside>
  );
}
