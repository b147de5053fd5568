import '../../styles/virtual-list.css';
import { observeElementRect, useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { useRef, type ReactNode } from 'react';

interface VirtualListProps<T> {
  items: readonly T[];
  /** Accessible name of the list. */
  label: string;
  getKey: (item: T) => string;
  estimateSize: number;
  renderItem: (item: T, index: number) => ReactNode;
  className?: string;
}

// Before layout (and in jsdom) the scroller measures 0 px: assume a screenful so the first rows show.
const FALLBACK_RECT = { width: 800, height: 640 };

export const observeRect = (
  instance: Virtualizer<HTMLDivElement, Element>,
  cb: (rect: { width: number; height: number }) => void,
) => observeElementRect(instance, (rect) => cb(rect.height > 0 ? rect : FALLBACK_RECT));

/** Rows keep the height they render at (a row that grows, an inline editor, is measured again). */
export const measureRow = (
  element: Element,
  entry: ResizeObserverEntry | undefined,
  instance: Virtualizer<HTMLDivElement, Element>,
) => {
  const measured = entry?.borderBoxSize[0]?.blockSize ?? element.getBoundingClientRect().height;
  return measured > 0 ? Math.round(measured) : instance.options.estimateSize(0);
};

/**
 * A scrolling list that only mounts the rows in view (plus a few), so 10,000 items scroll as smoothly
 * as 10. Rows keep list semantics: each says its position and the list's size.
 */
export function VirtualList<T>({
  items,
  label,
  getKey,
  estimateSize,
  renderItem,
  className,
}: VirtualListProps<T>) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is meant to be read during render.
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => estimateSize,
    getItemKey: (index) => getKey(items[index]!),
    observeElementRect: observeRect,
    overscan: 6,
    measureElement: measureRow,
  });

  return (
    <div ref={scrollRef} className={`virtual-list ${className ?? ''}`}>
      <ul aria-label={label} className="virtual-list__inner" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((row) => (
          <li
            key={row.key}
            ref={virtualizer.measureElement}
            data-index={row.index}
            aria-setsize={items.length}
            aria-posinset={row.index + 1}
            className="virtual-list__row"
            style={{ transform: `translateY(${row.start}px)` }}
          >
            {renderItem(items[row.index]!, row.index)}
          </li>
        ))}
      </ul>
    </div>
  );
}
