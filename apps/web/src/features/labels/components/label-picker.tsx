import { LABEL_LIMITS } from '@jalon/contract/plain';
import X from 'lucide-react/icons/x';
import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import { Field } from '../../../components/ui/field.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useCreateOnce } from '../../../lib/use-create-once.ts';
import { fr } from '../../../locales/fr/index.ts';
import { useWork } from '../../../offline/work-context.tsx';
import { useLabelWrites } from '../api/label-writes.ts';
import { findLabel, labelChoices, labelMap, nextLabelColor } from '../label-choices.ts';
import { chipStyle } from '../label-chips.tsx';

const t = fr.labels.picker;

interface LabelPickerProps {
  id: string;
  /** The chosen labels' ids (`tmp-` ones included). */
  value: readonly string[];
  onChange: (ids: string[]) => void;
}

/** An option of the list: a label to add, or the typed name to make into one. */
type Option = { kind: 'label'; id: string; name: string } | { kind: 'create'; name: string };

/**
 * A task's labels: the chosen ones as chips with a 'Retirer' button each, then a field that offers the
 * device's labels as one types (case and accents ignored) and, when none has the typed name, to create it
 * on the fly (through the outbox, so offline too). The list follows the palette's combobox pattern: the
 * focus stays in the field, the arrows move the active option (aria-activedescendant), Enter adds it, Esc
 * closes the list, Backspace in the empty field takes the last label off; a polite status counts the
 * options. At most `LABEL_LIMITS.perTask` labels.
 */
export function LabelPicker({ id, value, onChange }: LabelPickerProps) {
  const { labels } = useWork();
  const writes = useLabelWrites();
  // One label however the option is chosen: a second choice while the first is on its way is dropped (a
  // double click made two labels of one name, the second refused by the server as a conflict).
  const create = useCreateOnce((name: string, labelId: string) =>
    writes.create(name, nextLabelColor(labels), labelId),
  );
  const listId = `${id}-options`;
  const statusId = useId();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(0);
  const [said, setSaid] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const byId = useMemo(() => labelMap(labels), [labels]);
  const full = value.length >= LABEL_LIMITS.perTask;

  const choices = labelChoices(labels, value, query);
  const options: Option[] = [
    ...choices.matches.map((label) => ({ kind: 'label' as const, id: label.id, name: label.name })),
    ...(choices.create === null ? [] : [{ kind: 'create' as const, name: choices.create }]),
  ];
  const shown = open && !full;
  // The list is drawn, and named by the field, only when it has something to offer.
  const listed = shown && options.length > 0;
  const active = options[Math.min(activeIndex, options.length - 1)];
  const optionId = (index: number) => `${id}-option-${index}`;

  const add = (labelId: string, name: string) => {
    onChange([...value, labelId]);
    setQuery('');
    setActiveIndex(0);
    setSaid(t.added(name));
  };

  const choose = (option: Option) => {
    if (full) return;
    if (option.kind === 'label') return add(option.id, option.name);
    setFailure(null);
    create.submit(option.name, {
      onSuccess: (labelId) => add(labelId, option.name),
      onError: (error) => setFailure(t.failed(errorMessage(error))),
    });
  };

  const remove = (labelId: string, name: string) => {
    onChange(value.filter((chosen) => chosen !== labelId));
    setSaid(t.removed(name));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    const step = { ArrowDown: 1, ArrowUp: -1 }[event.key];
    if (step !== undefined && options.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActiveIndex((Math.min(activeIndex, options.length - 1) + step + options.length) % options.length);
      return;
    }
    if (event.key === 'Enter') {
      // Enter chooses; it never submits the task's form from here.
      event.preventDefault();
      if (listed && active) choose(active);
      return;
    }
    if (event.key === 'Escape' && listed) {
      // The list closes, not the panel the task is open in.
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
      return;
    }
    if (event.key === 'Backspace' && query === '' && value.length > 0) {
      const last = value[value.length - 1]!;
      remove(last, findLabel(byId, last)?.name ?? '');
    }
  };

  return (
    <Field
      id={id}
      label={t.label}
      hint={full ? t.full(LABEL_LIMITS.perTask) : undefined}
      error={failure}
      className="label-picker"
    >
      {(control) => (
        <>
          {value.length > 0 && (
            <ul className="label-chips label-picker__chosen" aria-label={t.chosen}>
              {value.map((labelId) => {
                const label = findLabel(byId, labelId);
                if (!label) return null;
                return (
                  <li key={labelId} className="label-chip label-picker__chip" style={chipStyle(label)}>
                    {label.name}
                    <button
                      type="button"
                      className="label-picker__remove"
                      aria-label={t.remove(label.name)}
                      onClick={() => remove(labelId, label.name)}
                    >
                      <X aria-hidden="true" focusable="false" size={14} />
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
          <input
            {...control}
            className="input"
            role="combobox"
            autoComplete="off"
            aria-autocomplete="list"
            aria-expanded={listed}
            aria-controls={listed ? listId : undefined}
            aria-activedescendant={listed && active ? optionId(options.indexOf(active)) : undefined}
            placeholder={t.placeholder}
            disabled={full}
            maxLength={LABEL_LIMITS.nameMax}
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
              setActiveIndex(0);
              setOpen(true);
            }}
            onFocus={() => setOpen(true)}
            onBlur={() => setOpen(false)}
            onKeyDown={onKeyDown}
          />
          {listed && (
            <ul id={listId} role="listbox" aria-label={t.options} className="option-list label-picker__list">
              {options.map((option, index) => {
                const label = option.kind === 'label' ? findLabel(byId, option.id) : undefined;
                return (
                  <li
                    key={option.kind === 'label' ? option.id : `create-${option.name}`}
                    id={optionId(index)}
                    role="option"
                    aria-selected={option === active}
                    className={
                      option === active
                        ? 'option-list__option option-list__option--active'
                        : 'option-list__option'
                    }
                    // The focus stays in the field, as the palette's does.
                    onMouseDown={(event) => event.preventDefault()}
                    // The second click of a double click chooses nothing more: the list under it
                    // has changed since the first.
                    onClick={(event) => {
                      if (event.detail <= 1) choose(option);
                    }}
                  >
                    {label ? (
                      <span className="label-chip" style={chipStyle(label)}>
                        {label.name}
                      </span>
                    ) : (
                      t.create(option.name)
                    )}
                  </li>
                );
              })}
            </ul>
          )}
          <p id={statusId} role="status" className="visually-hidden">
            {shown ? t.count(options.length) : said}
          </p>
        </>
      )}
    </Field>
  );
}
