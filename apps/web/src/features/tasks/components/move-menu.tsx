import type { TaskStatus } from '@jalon/contract';
import ArrowRightLeft from 'lucide-react/icons/arrow-right-left';
import { useLayoutEffect, useRef, useState, useId, type KeyboardEvent } from 'react';
import { fr } from '../../../locales/fr/index.ts';
import { StatusIcon } from './task-icons.tsx';

const t = fr.tasks;

interface MoveMenuProps {
  /** The task's title, for the button's name. */
  title: string;
  /** The columns it can go to. */
  targets: readonly TaskStatus[];
  onMove: (status: TaskStatus) => void;
}

/**
 * 'Déplacer vers…' of a kanban card, for keyboard and screen-reader users: a small labelled button that
 * opens a menu of the other columns (arrows move, Enter picks, Escape closes and gives the focus back).
 * The menu opens inside the card rather than floating, so a card at the bottom of a column is never cut off.
 */
export function MoveMenu({ title, targets, onMove }: MoveMenuProps) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const items = () =>
    Array.from(menu.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? []);

  // In the commit that opens the menu, before the next paint: a key pressed right after Enter (End, an
  // arrow) must reach the menu, not the button (React may run a plain effect after the paint).
  useLayoutEffect(() => {
    if (open) items()[0]?.focus();
  }, [open]);

  const close = (focusButton: boolean) => {
    setOpen(false);
    if (focusButton) button.current?.focus();
  };
  const onMenuKey = (event: KeyboardEvent<HTMLUListElement>) => {
    const list = items();
    const at = list.indexOf(document.activeElement as HTMLButtonElement);
    const go = (index: number) => list[(index + list.length) % list.length]?.focus();
    if (event.key === 'ArrowDown') go(at + 1);
    else if (event.key === 'ArrowUp') go(at - 1);
    else if (event.key === 'Home') go(0);
    else if (event.key === 'End') go(list.length - 1);
    else if (event.key === 'Escape') close(true);
    else if (event.key === 'Tab') setOpen(false);
    else return;
    if (event.key !== 'Tab') event.preventDefault();
  };

  return (
    <div className="move-menu">
      <button
        ref={button}
        type="button"
        className="button button--small button--icon"
        aria-label={t.kanban.moveLabel(title)}
        title={t.kanban.moveTo}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((was) => !was)}
      >
        <ArrowRightLeft aria-hidden="true" focusable="false" size={16} />
      </button>
      {open && (
        <ul
          ref={menu}
          id={menuId}
          role="menu"
          aria-label={t.kanban.moveLabel(title)}
          className="move-menu__list"
          onKeyDown={onMenuKey}
          onBlur={(event) => {
            if (
              !event.currentTarget.contains(event.relatedTarget as Node | null) &&
              event.relatedTarget !== button.current
            )
              setOpen(false);
          }}
        >
          {targets.map((status) => (
            <li key={status} role="none">
              <button
                type="button"
                role="menuitem"
                tabIndex={-1}
                className="move-menu__item"
                onClick={() => {
                  close(true);
                  onMove(status);
                }}
              >
                <StatusIcon status={status} />
                {t.statusLabel(status)}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
