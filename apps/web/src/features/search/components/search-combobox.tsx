import { useId, useLayoutEffect, useState, type KeyboardEvent } from 'react';
import type { SearchItem } from '@jalon/contract';
import { useLocation, useSearch } from 'wouter';
import { rememberTaskOpener } from '../../../app/task-panel-location.tsx';
import { useCloseOnEscape } from '../../../lib/escape-layers.ts';
import { useNavigate } from '../../../lib/navigation.ts';
import { fr } from '../../../locales/fr/index.ts';
import { resultLabel, resultPath, searchGroups } from '../search-groups.ts';
import { useSearchResults } from '../use-search.ts';
import { HighlightedText } from './highlighted-text.tsx';

const t = fr.search;

interface SearchComboboxProps {
  /** The question it starts with (the palette hands its own over). */
  initialQuestion?: string;
  /** After a result was opened: the phone's dialog closes. */
  onDone?: () => void;
}

/**
 * The shell's search: an ARIA combobox like the palette's (decision 0039). The focus stays in the field,
 * the arrows move the active result (aria-activedescendant), Enter opens it, Esc empties the field (an
 * Esc on an empty one is left to what is beneath: the phone's dialog closes). The
 * results are grouped by kind, their matched words marked.
 */
export function SearchCombobox({ initialQuestion = '', onDone }: SearchComboboxProps) {
  const navigate = useNavigate();
  const [path] = useLocation();
  const query = useSearch();
  const idPrefix = useId();
  const [question, setQuestion] = useState(initialQuestion);
  const [focused, setFocused] = useState(false);
  const [chosenId, setChosenId] = useState<string | null>(null);
  const results = useSearchResults(question);
  const groups = searchGroups(results.items);
  const items = groups.flatMap((group) => group.items);
  const activeIndex = Math.max(
    0,
    items.findIndex((item) => `${item.kind}-${item.id}` === chosenId),
  );
  const active = items[activeIndex];
  const optionId = (item: SearchItem) => `${idPrefix}-${item.kind}-${item.id}`;
  const activeId = active ? optionId(active) : undefined;
  const listId = `${idPrefix}-list`;
  const open = focused && question.trim() !== '';

  useLayoutEffect(() => {
    if (open && activeId) document.getElementById(activeId)?.scrollIntoView({ block: 'nearest' });
  }, [open, activeId]);

  // Esc empties the field first (the layer above the page); an empty field hands Esc on.
  useCloseOnEscape(open, () => setQuestion(''));

  const choose = (item: SearchItem) => {
    const target = resultPath(item);
    // A task opened from here opens beside the screen the search was used over, as from the palette.
    if (item.taskId !== undefined) rememberTaskOpener(item.taskId, { path, search: query });
    setQuestion('');
    onDone?.();
    void navigate(target);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const step = { ArrowDown: 1, ArrowUp: -1 }[event.key];
    if (step !== undefined && items.length > 0) {
      event.preventDefault();
      const next = items[(activeIndex + step + items.length) % items.length]!;
      setChosenId(`${next.kind}-${next.id}`);
    } else if (event.key === 'Enter' && active && !event.nativeEvent.isComposing) {
      event.preventDefault();
      choose(active);
    }
  };

  const status =
    results.status === 'searching'
      ? t.searching
      : results.status === 'failed'
        ? t.failed
        : results.status === 'done' && items.length === 0
          ? t.empty
          : '';

  return (
    <div className="search-box">
      <input
        className="input search-box__input"
        type="search"
        role="combobox"
        aria-label={t.label}
        aria-autocomplete="list"
        aria-controls={listId}
        aria-expanded={open && items.length > 0}
        aria-activedescendant={open ? activeId : undefined}
        aria-keyshortcuts="/"
        placeholder={t.placeholder}
        autoComplete="off"
        spellCheck={false}
        data-shortcut-search
        value={question}
        onChange={(event) => {
          setQuestion(event.target.value);
          setChosenId(null);
        }}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
        onKeyDown={onKeyDown}
      />
      <div className="search-box__popup" hidden={!open}>
        {results.offline && <p className="search-box__offline">{t.offline}</p>}
        {/* Always in the page, so that a screen reader hears the state when it changes. */}
        <p role="status" className="search-box__status">
          {open ? status : ''}
        </p>
        <div
          id={listId}
          role="listbox"
          aria-label={t.listLabel}
          className="search-box__list"
          hidden={items.length === 0}
        >
          {groups.map((group) => (
            <div key={group.kind} role="group" aria-labelledby={`${idPrefix}-group-${group.kind}`}>
              <div id={`${idPrefix}-group-${group.kind}`} className="search-box__heading" aria-hidden="true">
                {group.heading}
              </div>
              {group.items.map((item) => (
                <div
                  key={item.id}
                  id={optionId(item)}
                  role="option"
                  aria-selected={item === active}
                  aria-label={resultLabel(item)}
                  className="search-box__option"
                  onPointerMove={() => item !== active && setChosenId(`${item.kind}-${item.id}`)}
                  // The focus stays in the field: a click must not blur it (which would close the list first).
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => choose(item)}
                >
                  <span className="search-box__title">
                    <HighlightedText text={item.title} ranges={item.highlights.title} />
                  </span>
                  {item.excerpt && (
                    <span className="search-box__excerpt">
                      <HighlightedText text={item.excerpt} ranges={item.highlights.excerpt} />
                    </span>
                  )}
                </div>
              ))}
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
