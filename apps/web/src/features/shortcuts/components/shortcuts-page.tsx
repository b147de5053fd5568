import { Fragment, useState } from 'react';
import { Field } from '../../../components/ui/field.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { matchesQuery } from '../../../lib/fold-text.ts';
import { fr } from '../../../locales/fr/index.ts';
import { usePreferences } from '../../preferences/index.ts';
import { BINDINGS, printedKey, type ShortcutGroup } from '../shortcut-dispatcher.ts';

const t = fr.shortcuts;

/** The page's sections, in the order of the bindings. */
const GROUPS: readonly ShortcutGroup[] = [...new Set(BINDINGS.map((binding) => binding.group))];
/** The page's rows: each binding the dispatcher knows, its keys as printed. */
const SHORTCUTS = BINDINGS.map(({ sequence, action, group }) => ({
  sequence: sequence.map(printedKey),
  action,
  group,
}));

function Keys({ sequence }: { sequence: readonly string[] }) {
  return (
    <>
      {sequence.map((key, index) => (
        <Fragment key={`${key}-${index}`}>
          {index > 0 && <span className="keys__then"> {t.then} </span>}
          <kbd>{key}</kbd>
        </Fragment>
      ))}
    </>
  );
}

/** The help page. Its search box filters the list, by action or by key, ignoring accents. */
export function ShortcutsPage() {
  const [query, setQuery] = useState('');
  const { singleKeyShortcuts } = usePreferences();
  const groups = GROUPS.map((group) => ({
    group,
    shortcuts: SHORTCUTS.filter(
      (shortcut) =>
        shortcut.group === group &&
        (matchesQuery(`${t.items[shortcut.action]} ${shortcut.sequence.join(' ')}`, query) ||
          shortcut.sequence.join('') === query.trim()),
    ),
  })).filter(({ shortcuts }) => shortcuts.length > 0);
  return (
    <>
      <PageHeader title={t.title}>
        <p>{t.intro}</p>
      </PageHeader>
      {!singleKeyShortcuts && <p className="form__hint">{t.singleKeysOff}</p>}
      <Field id="shortcuts-search" label={t.searchLabel} className="field--inline">
        {(control) => (
          <input
            {...control}
            className="input"
            type="search"
            placeholder={t.searchPlaceholder}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
        )}
      </Field>
      {groups.length === 0 && (
        <p className="empty-text" role="status">
          {t.noMatch}
        </p>
      )}
      {groups.map(({ group, shortcuts }) => (
        <section key={group} className="card" aria-labelledby={`shortcuts-${group}`}>
          <h2 id={`shortcuts-${group}`}>{t.groups[group]}</h2>
          <table className="shortcuts-table">
            <thead>
              <tr>
                <th scope="col">{t.keysColumn}</th>
                <th scope="col">{t.actionColumn}</th>
              </tr>
            </thead>
            <tbody>
              {shortcuts.map((shortcut) => (
                <tr key={shortcut.action}>
                  <td>
                    <Keys sequence={shortcut.sequence} />
                  </td>
                  <td>{t.items[shortcut.action]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
      <p className="empty-text">{t.empty}</p>
    </>
  );
}
