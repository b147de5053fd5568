import type { OutboxEntry } from '@jalon/sync';
import { fr } from '../../../locales/fr/index.ts';
import type { SyncEngine } from '../../../offline/sync-engine.ts';
import { entryTitle } from '../outbox-view.ts';

const t = fr.sync.outbox;

interface OutboxListProps {
  entries: ReadonlyArray<OutboxEntry & { held: boolean }>;
  engine: SyncEngine;
  /** The name the device shows for a task or project, for a change that does not carry it. */
  nameOf: (entry: OutboxEntry) => string | undefined;
}

/** 'Modifications en attente': each change not yet applied, its state, and 'Abandonner' while unsent. */
export function OutboxList({ entries, engine, nameOf }: OutboxListProps) {
  const waiting = entries.filter((entry) => entry.state !== 'acked');
  if (waiting.length === 0) return <p className="empty-text">{t.empty}</p>;
  return (
    <ul className="outbox-list">
      {waiting.map((entry) => {
        const title = entryTitle(entry, nameOf(entry));
        return (
          <li key={entry.localId} className="outbox-list__item">
            <span>{title}</span>
            <span className="muted-text">{entry.held ? t.state.held : t.state[entry.state]}</span>
            {entry.state === 'pending' && (
              <button
                type="button"
                className="button button--small"
                aria-label={t.discardLabel(title)}
                onClick={() => void engine.discard(entry.localId)}
              >
                {t.discard}
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
