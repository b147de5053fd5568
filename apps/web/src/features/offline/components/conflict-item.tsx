import { ResolutionError, type ConflictRecord, type Resolution } from '@jalon/sync';
import { useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useCloseOnEscape } from '../../../lib/escape-layers.ts';
import { fr } from '../../../locales/fr/index.ts';
import { conflictTitle, clashingFields, showValue } from '../conflict-view.ts';

const t = fr.sync.conflicts;

interface ConflictItemProps {
  conflict: ConflictRecord;
  onResolve: (conflict: ConflictRecord, resolution: Resolution) => Promise<void>;
}

/**
 * One conflict (SPEC §2 "Conflict panel"): what clashed, the two values of each clashing field side by
 * side, and the four ways out. 'Garder la version du serveur' needs the server's data, 'Renvoyer ma
 * version' the original edit; 'Fusionner…' edits the JSON that is sent.
 */
export function ConflictItem({ conflict, onResolve }: ConflictItemProps) {
  const id = useId();
  const [merging, setMerging] = useState(false);
  const [json, setJson] = useState(() => JSON.stringify(conflict.originalData, null, 2));
  const [error, setError] = useState<string | null>(null);
  const fields = clashingFields(conflict);
  // Esc closes the merge editor, as its 'Annuler' does (the JSON typed so far is kept for next time).
  useCloseOnEscape(merging, () => setMerging(false));

  const resolve = (resolution: Resolution) => {
    setError(null);
    onResolve(conflict, resolution).then(
      () => setMerging(false),
      (failure: unknown) =>
        setError(
          failure instanceof ResolutionError && failure.code === 'invalid_json'
            ? t.invalidJson(failure.message)
            : errorMessage(failure),
        ),
    );
  };

  return (
    <li className="conflict-item" aria-labelledby={`${id}-title`}>
      <p id={`${id}-title`} className="conflict-item__title">
        <strong>{conflictTitle(conflict)}</strong> — {t.reasons[conflict.reason]}
      </p>
      {fields.length > 0 && (
        <table className="conflict-item__fields">
          <thead>
            <tr>
              <th scope="col">{t.field}</th>
              <th scope="col">{t.mine}</th>
              <th scope="col">{t.server}</th>
            </tr>
          </thead>
          <tbody>
            {fields.map((field) => (
              <tr key={field}>
                <th scope="row">{t.fieldLabels[field] ?? field}</th>
                <td>{showValue(conflict.originalData[field])}</td>
                <td>{showValue(conflict.serverData?.[field])}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {error && <Alert tone="error">{error}</Alert>}
      {conflict.resolved ? (
        <p className="muted-text">{t.resolved}</p>
      ) : merging ? (
        <div className="field">
          <label htmlFor={`${id}-json`}>{t.mergeLabel}</label>
          <textarea id={`${id}-json`} className="input conflict-item__json" rows={6} value={json} onChange={(event) => setJson(event.target.value)} />
          <div className="inline-actions">
            <button type="button" className="button button--small button--primary" onClick={() => resolve({ action: 'merge', json })}>
              {t.mergeApply}
            </button>
            <button type="button" className="button button--small" onClick={() => setMerging(false)}>
              {t.mergeCancel}
            </button>
          </div>
        </div>
      ) : (
        <div className="inline-actions">
          <button type="button" className="button button--small" onClick={() => resolve({ action: 'markResolved' })}>
            {t.markResolved}
          </button>
          {conflict.serverData && (
            <button type="button" className="button button--small" onClick={() => resolve({ action: 'applyServer' })}>
              {t.applyServer}
            </button>
          )}
          {(conflict.op === 'delete' || Object.keys(conflict.originalData).length > 0) && (
            <button type="button" className="button button--small" onClick={() => resolve({ action: 'replayClient' })}>
              {t.replay}
            </button>
          )}
          <button type="button" className="button button--small" onClick={() => setMerging(true)}>
            {t.merge}
          </button>
        </div>
      )}
    </li>
  );
}
