import type { ConflictRecord } from '@jalon/sync';
import { useState } from 'react';
import { SaveCancel } from '../../../components/ui/save-cancel.tsx';
import { fr } from '../../../locales/fr/index.ts';
import { showValue } from '../conflict-view.ts';
import { initialChoices, mergedData, type FieldChoice, type MergePick } from '../merge-choice.ts';

const t = fr.sync.conflicts;

interface MergeFormProps {
  id: string;
  conflict: ConflictRecord;
  fields: readonly string[];
  onApply: (json: string) => void;
  onCancel: () => void;
}

/**
 * 'Fusionner…' as a person does it: for each clashing field, my value, the server's, or another one typed in
 * an ordinary field. The sync core takes the merge as the JSON of the chosen values.
 */
export function MergeForm({ id, conflict, fields, onApply, onCancel }: MergeFormProps) {
  const [choices, setChoices] = useState(() => initialChoices(fields, conflict.originalData));
  const choose = (field: string, change: Partial<FieldChoice>) =>
    setChoices((current) => ({ ...current, [field]: { ...current[field]!, ...change } }));
  const apply = () =>
    onApply(JSON.stringify(mergedData(conflict.originalData, conflict.serverData, choices)));

  return (
    <div className="merge-form">
      {fields.map((field, index) => {
        const choice = choices[field]!;
        const label = t.fieldLabels[field] ?? field;
        const name = `${id}-merge-${index}`;
        const option = (pick: MergePick, text: string) => (
          <label className="merge-form__option">
            <input
              type="radio"
              name={name}
              checked={choice.pick === pick}
              onChange={() => choose(field, { pick })}
            />
            {text}
          </label>
        );
        return (
          <fieldset key={field} className="merge-form__field">
            <legend>{label}</legend>
            {option('mine', t.pickMine(showValue(conflict.originalData[field])))}
            {option('server', t.pickServer(showValue(conflict.serverData?.[field])))}
            {option('other', t.pickOther)}
            {choice.pick === 'other' && (
              <input
                className="input"
                aria-label={t.otherValueOf(label)}
                value={choice.text}
                onChange={(event) => choose(field, { text: event.target.value })}
              />
            )}
          </fieldset>
        );
      })}
      <SaveCancel save={t.mergeApply} cancel={t.mergeCancel} small onSave={apply} onCancel={onCancel} />
    </div>
  );
}
