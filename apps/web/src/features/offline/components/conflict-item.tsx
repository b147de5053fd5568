import { ResolutionError, type ConflictRecord, type Resolution } from '@jalon/sync';
import { useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useCloseOnEscape } from '../../../lib/escape-layers.ts';
import { fr } from '../../../locales/fr/index.ts';
import { conflictTitle, clashingFields, showValue } from '../conflict-view.ts';
import { MergeForm } from './merge-form.tsx';

const t = fr.sync.conflicts;

interface ConflictItemProps {
  conflict: ConflictRecord;
  onResolve: (conflict: ConflictRecord, resolution: Resolution) => Promise<void>;
}

interface WayOutProps {
  id: string;
  label: string;
  hint: string;
  primary?: boolean;
  onClick: () => void;
}

/** One way out of a conflict, with what it does written under it: two of them end alike on screen. */
function WayOut({ id, label, hint, primary = false, onClick }: WayOutProps) {
  return (
    <div className="conflict-item__way-out">
      <button
        type="button"
        className={primary ? 'button button--small button--primary' : 'button button--small'}
        aria-describedby={id}
        onClick={onClick}
      >
        {label}
      </button>
      <span id={id} className="muted-text">
        {hint}
      </span>
    </div>
  );
}

/**
 * One conflict: what clashed, the two values of each clashing field side by
 * side, and the four ways out, each saying what it does. 'Garder la version du serveur' needs the server's
 * data, 'Renvoyer ma version' the original edit; 'Fusionner…' chooses a value per clashing field.
 */
export function ConflictItem({ conflict, onResolve }: ConflictItemProps) {
  const id = useId();
  const [merging, setMerging] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const fields = clashingFields(conflict);
  // Esc closes the merge form, as its 'Annuler' does.
  useCloseOnEscape(merging, () => setMerging(false));

  const resolve = (resolution: Resolution) => {
    setError(null);
    onResolve(conflict, resolution).then(
      () => setMerging(false),
      (failure: unknown) =>
        setError(
          failure instanceof ResolutionError && failure.code === 'invalid_json'
            ? t.invalidJson
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
        <MergeForm
          id={id}
          conflict={conflict}
          fields={fields.length > 0 ? fields : Object.keys(conflict.originalData)}
          onApply={(json) => resolve({ action: 'merge', json })}
          onCancel={() => setMerging(false)}
        />
      ) : (
        <div className="conflict-item__ways-out">
          {conflict.serverData && (
            <WayOut
              id={`${id}-server`}
              label={t.applyServer}
              hint={t.applyServerHint}
              primary
              onClick={() => resolve({ action: 'applyServer' })}
            />
          )}
          {(conflict.op === 'delete' || Object.keys(conflict.originalData).length > 0) && (
            <WayOut
              id={`${id}-replay`}
              label={t.replay}
              hint={t.replayHint}
              onClick={() => resolve({ action: 'replayClient' })}
            />
          )}
          <WayOut id={`${id}-merge`} label={t.merge} hint={t.mergeHint} onClick={() => setMerging(true)} />
          <WayOut
            id={`${id}-resolved`}
            label={t.markResolved}
            hint={t.markResolvedHint}
            onClick={() => resolve({ action: 'markResolved' })}
          />
        </div>
      )}
    </li>
  );
}
