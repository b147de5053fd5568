import { useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface TabItem<K extends string> {
  key: K;
  label: string;
  /** Shown but not selectable (aria-disabled), e.g. while the user lacks the access it needs. */
  disabled?: boolean;
  /** Rendered only while selected, so a tab's data loads when it is opened. */
  render: () => ReactNode;
}

interface TabsProps<K extends string> {
  /** Accessible name of the tab list. */
  label: string;
  idPrefix: string;
  items: readonly TabItem<K>[];
  selected: K;
  onSelect: (key: K) => void;
  /** Id of a text explaining the disabled tabs. */
  describedBy?: string;
}

const NEXT_KEYS: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowDown: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  ArrowUp: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

/**
 * WAI-ARIA tabs with automatic activation: one tab stop, arrow keys (and Home/End) move the
 * selection among the enabled tabs, Tab goes on into the panel.
 */
export function Tabs<K extends string>({
  label,
  idPrefix,
  items,
  selected,
  onSelect,
  describedBy,
}: TabsProps<K>) {
  const tabRefs = useRef(new Map<K, HTMLButtonElement>());
  const enabled = items.filter((item) => !item.disabled);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const move = NEXT_KEYS[event.key];
    if (!move || enabled.length === 0) return;
    event.preventDefault();
    const index = Math.max(
      0,
      enabled.findIndex((item) => item.key === selected),
    );
    const next = enabled[move(index, enabled.length)];
    if (!next) return;
    onSelect(next.key);
    tabRefs.current.get(next.key)?.focus();
  };

  return (
    <div className="tabs">
      <div
        role="tablist"
        aria-label={label}
        aria-describedby={describedBy}
        className="tabs__list"
        onKeyDown={onKeyDown}
      >
        {items.map((item) => {
          const isSelected = item.key === selected;
          return (
            <button
              key={item.key}
              ref={(element) => {
                if (element) tabRefs.current.set(item.key, element);
                else tabRefs.current.delete(item.key);
              }}
              type="button"
              role="tab"
              id={`${idPrefix}-tab-${item.key}`}
              aria-controls={`${idPrefix}-panel-${item.key}`}
              aria-selected={isSelected}
              aria-disabled={item.disabled ? true : undefined}
              tabIndex={isSelected ? 0 : -1}
              className="tabs__tab"
              onClick={() => {
                if (!item.disabled) onSelect(item.key);
              }}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {items.map((item) => (
        <div
          key={item.key}
          role="tabpanel"
          id={`${idPrefix}-panel-${item.key}`}
          aria-labelledby={`${idPrefix}-tab-${item.key}`}
          hidden={item.key !== selected}
          tabIndex={0}
          className="tabs__panel"
        >
          {item.key === selected && item.render()}
        </div>
      ))}
    </div>
  );
}
