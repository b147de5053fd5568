import SearchIcon from 'lucide-react/icons/search';
import { useLayoutEffect, useRef, useState } from 'react';
import { fr } from '../../../locales/fr/index.ts';
import '../../../styles/search.css';
import { SearchCombobox } from './search-combobox.tsx';

const t = fr.search;

/**
 * 'Rechercher' in the shell: the field itself in the desk's sidebar; on a phone (`compact`) a button in the
 * top bar that opens the field in a dialog over the screen, where the results have the width they need.
 * `/` focuses the field or presses the button (data-shortcut-search).
 */
export function ShellSearch({ compact = false }: { compact?: boolean }) {
  if (!compact) return <SearchCombobox />;
  return <PhoneSearch />;
}

function PhoneSearch() {
  const [open, setOpen] = useState(false);
  const dialogRef = useRef<HTMLDialogElement>(null);

  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
      dialog.querySelector<HTMLInputElement>('[role="combobox"]')?.focus();
    } else if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <>
      <button
        type="button"
        className="icon-button"
        aria-label={t.label}
        title={t.label}
        aria-haspopup="dialog"
        aria-keyshortcuts="/"
        data-shortcut-search
        onClick={() => setOpen(true)}
      >
        <SearchIcon aria-hidden="true" focusable="false" size={20} />
      </button>
      <dialog
        ref={dialogRef}
        className="palette search-dialog"
        aria-label={t.label}
        onClose={() => setOpen(false)}
        // An Esc that emptied the field was taken by the combobox (its layer): this one closes.
        onCancel={(event) => {
          event.preventDefault();
          setOpen(false);
        }}
        onClick={(event) => {
          if (event.target === dialogRef.current) setOpen(false);
        }}
      >
        {open && (
          <div className="palette__content">
            <SearchCombobox onDone={() => setOpen(false)} />
            <button type="button" className="button button--ghost" onClick={() => setOpen(false)}>
              {t.close}
            </button>
          </div>
        )}
      </dialog>
    </>
  );
}
