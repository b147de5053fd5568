import { SYNC } from '@jalon/contract/plain';
import type { ConflictRecord, OutboxEntry, Resolution } from '@jalon/sync';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatTime } from '../../../lib/dates.ts';
import { fr } from '../../../locales/fr/index.ts';
import { useWork, useWorkEngine } from '../../../offline/work-context.tsx';
import { ConflictItem } from './conflict-item.tsx';
import { OutboxList } from './outbox-list.tsx';

const t = fr.sync;

/**
 * The full view of what this device has not settled with the server: the outbox with each
 * change's state, why sending stopped and 'Réessayer', and up to 50 conflicts with 'Effacer les résolus'
 * and 'Tout purger'.
 */
export function SyncPage() {
  const work = useWork();
  const engine = useWorkEngine();
  const [purging, setPurging] = useState(false);
  if (!engine) return <Spinner label={fr.common.loading} />;

  const resolve = (conflict: ConflictRecord, resolution: Resolution) =>
    engine.resolve(conflict.id, resolution);
  const stalled = work.paused !== null || work.nextAttemptAt !== null;
  // A handful of changes wait at most: a lookup each is cheap.
  const nameOf = (entry: OutboxEntry) =>
    entry.entity === 'task'
      ? work.tasks.find((task) => task.id === entry.id)?.title
      : work.projects.find((project) => project.id === entry.id)?.name;
  return (
    <>
      <PageHeader title={t.outbox.pageTitle} />
      <section aria-labelledby="outbox-title" className="panel">
        <h2 id="outbox-title" className="section-title">
          {t.outbox.title}
        </h2>
        {work.paused && <p role="alert">{t.outbox.paused[work.paused]}</p>}
        {!work.paused && work.nextAttemptAt !== null && (
          <p>{t.outbox.waitingUntil(formatTime(work.nextAttemptAt))}</p>
        )}
        {stalled && (
          <button type="button" className="button" onClick={() => void engine.retry()}>
            {t.outbox.retry}
          </button>
        )}
        <OutboxList entries={work.outbox} engine={engine} nameOf={nameOf} />
      </section>
      <section aria-labelledby="all-conflicts-title" className="panel">
        <h2 id="all-conflicts-title" className="section-title">
          {t.conflicts.title}
        </h2>
        {work.conflicts.length === 0 ? (
          <p className="empty-text">{t.conflicts.empty}</p>
        ) : (
          <>
            <div className="inline-actions">
              <button type="button" className="button" onClick={() => void engine.clearConflicts()}>
                {t.conflicts.clearResolved}
              </button>
              <button
                type="button"
                className="button button--danger-outline"
                onClick={() => setPurging(true)}
              >
                {t.conflicts.purge}
              </button>
            </div>
            <ul className="conflict-list">
              {work.conflicts.slice(0, SYNC.conflictDefaultLimit).map((conflict) => (
                <ConflictItem key={conflict.id} conflict={conflict} onResolve={resolve} />
              ))}
            </ul>
          </>
        )}
      </section>
      {purging && (
        <ConfirmDialog
          title={t.conflicts.purge}
          message={t.conflicts.purgeConfirm}
          confirmLabel={t.conflicts.purge}
          cancelLabel={t.signOut.cancel}
          onCancel={() => setPurging(false)}
          onConfirm={() => {
            setPurging(false);
            void engine.clearConflicts({ purge: true });
          }}
        />
      )}
    </>
  );
}
