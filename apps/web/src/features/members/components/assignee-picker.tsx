import { useId } from 'react';
import { Field } from '../../../components/ui/field.tsx';
import { fr } from '../../../locales/fr/index.ts';
import { useMembers } from '../api/members.ts';
import { assigneeChoices } from '../member-names.ts';

const t = fr.members.assignee;

interface AssigneePickerProps {
  /** The assignee's id, or null for 'Non assigné'. */
  value: string | null;
  onChange: (value: string | null) => void;
  id?: string;
  disabled?: boolean;
}

/** 'Assigné à' for every task form: the active members by name, 'Non assigné' first and by default. */
export function AssigneePicker({ value, onChange, id, disabled }: AssigneePickerProps) {
  const fallbackId = useId();
  const selectId = id ?? fallbackId;
  const members = useMembers();
  const choices = assigneeChoices(members.data ?? [], value);
  return (
    <Field id={selectId} label={t.label}>
      {(control) => (
        <select
          {...control}
          className="input"
          value={value ?? ''}
          disabled={disabled}
          aria-busy={members.isPending}
          onChange={(event) => onChange(event.target.value === '' ? null : event.target.value)}
        >
          <option value="">{t.none}</option>
          {/* Until the directory arrives, the current assignee keeps an option so the value is not lost. */}
          {members.isPending && value !== null && <option value={value}>{t.loading}</option>}
          {choices.map((member) => (
            <option key={member.id} value={member.id}>
              {member.active ? member.username : `${member.username} ${t.deactivated}`}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
