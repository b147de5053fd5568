import { Fragment } from 'react';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { fr } from '../../../locales/fr/index.ts';
import { SHORTCUT_GROUPS, type Shortcut } from '../shortcut-list.ts';

const t = fr.shortcuts;

function Keys({ sequence }: Pick<Shortcut, 'sequence'>) {
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

export function ShortcutsPage() {
  return (
    <>
      <PageHeader title={t.title}>
        <p>{t.intro}</p>
      </PageHeader>
      {/* SPEC §2: the search box is present but filters nothing. */}
      <div className="field field--inline">
        <label htmlFor="shortcuts-search">{t.searchLabel}</label>
        <input id="shortcuts-search" className="input" type="search" placeholder={t.searchPlaceholder} />
      </div>
      {SHORTCUT_GROUPS.map(({ group, shortcuts }) => (
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
