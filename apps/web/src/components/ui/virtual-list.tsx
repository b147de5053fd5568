import '../../styles/virtual-list.css';
import {
  elementScroll,
  useVirtualizer,
  windowScroll,
  type Virtualizer,
  type VirtualizerOptions,
} from '@tanstack/react-virtual';
import { useRef, type ReactNode } from 'react';
import { usePainted } from '../../lib/use-painted.ts';

interface VirtualListProps<T> {
  items: readonly T[];
  /** Accessible name of the list. */
  label: string;
  getKey: (item: T) => string;
  estimateSize: number;
  renderItem: (item: T, index: number) => ReactNode;
  className?: string;
}

// Until the first layout (and in jsdom) the scroller's size is unknown: assume a screenful so the first rows show.
const FALLBACK_RECT = { width: 800, height: 640 };

/**
 * The scroller's size, from ResizeObserver only. TanStack's own observer reads the box as the list
 * mounts, which forces a layout in the middle of the first render's task: on a phone at 4x that task
 * was the screen's longest (issue 17, Lighthouse's total blocking time). ResizeObserver reports the real
 * size after the first layout and before the paint, so the rows it adds are on screen in the same frame.
 */
const observeRect = (
  instance: Virtualizer<HTMLDivElement, Element>,
  cb: (rect: { width: number; height: number }) => void,
) => {
  const element = instance.scrollElement;
  if (!element) return;
  cb(FALLBACK_RECT);
  if (typeof ResizeObserver === 'undefined') return;
  const observer = new ResizeObserver(([entry]) => {
    const box = entry?.contentRect;
    cb(
      box && box.height > 0
        ? { width: Math.round(box.width), height: Math.round(box.height) }
        : FALLBACK_RECT,
    );
  });
  observer.observe(element);
  return () => observer.disconnect();
};

const scrolledOnce = new WeakSet<Element>();

/**
 * TanStack's scroll write, less its first one: as a list mounts, it puts its new scroller at offset 0,
 * where a new element already is, and that write forces a layout in the middle of the first render
 * (see `observeRect`; 25 ms of a project page's longest task at 4x). Every later write goes through.
 */
const scrollRows: VirtualizerOptions<HTMLDivElement, Element>['scrollToFn'] = (offset, options, instance) => {
  const element = instance.scrollElement;
  if (element && !scrolledOnce.has(element)) {
    scrolledOnce.add(element);
    if (offset + (options.adjustments ?? 0) === 0) return;
  }
  elementScroll(offset, options, instance);
};

/**
 * The same for a list that scrolls with the page: the window is at the top, or where the person left it,
 * when the list mounts; writing its own scroll position back would force a layout for nothing.
 */
const windowListsScrolled = new WeakSet<object>();
export const scrollWindowRows: VirtualizerOptions<Window, Element>['scrollToFn'] = (
  offset,
  options,
  instance,
) => {
  if (!windowListsScrolled.has(instance)) {
    windowListsScrolled.add(instance);
    if (offset + (options.adjustments ?? 0) === window.scrollY) return;
  }
  windowScroll(offset, options, instance);
};

/**
 * A row's height. As a row mounts there is no measurement yet: it keeps the size measured before (a row
 * scrolled back into view) or the estimate, without reading the box, which would force a layout per
 * render (see `observeRect`). ResizeObserver then reports the real height, before the paint, and again
 * whenever the row grows (an inline editor).
 */
const measureRow = <S extends Element | Window>(
  element: Element,
  entry: ResizeObserverEntry | undefined,
  instance: Virtualizer<S, Element>,
) => {
  if (entry) {
    const measured = entry.borderBoxSize?.[0]?.blockSize ?? element.getBoundingClientRect().height;
    if (measured > 0) return Math.round(measured);
  }
  const index = instance.indexFromElement(element);
  return (
    instance.itemSizeCache.get(instance.options.getItemKey(index)) ?? instance.options.estimateSize(index)
  );
};

/**
 * How a virtualised list in a scroller of its own measures without forcing a layout while it renders.
 *
 * - The list starts from FALLBACK_RECT, so its first render already has rows (it rendered none, then
 *   rendered again with the fallback, on a phone at 4x a render of its own; issue 17).
 * - A row not yet measured is estimated at the first row's measured height, not at `estimate`: the rows a
 *   list adds as it paints, or as it scrolls, then land where ResizeObserver finds them, and each
 *   measurement no longer moves every row below it in a render of its own (on a project's page at 412 px,
 *   a row is 186 px).
 */
export function useMeasuringWithoutLayout(estimate: number) {
  return {
    initialRect: FALLBACK_RECT,
    observeElementRect: observeRect,
    scrollToFn: scrollRows,
    ...useRowMeasuring<HTMLDivElement>(estimate),
  } satisfies Partial<VirtualizerOptions<HTMLDivElement, Element>>;
}

/**
 * The rows' half of `useMeasuringWithoutLayout`, for a list that scrolls with the page (the task table):
 * the window's size and scroll need no layout to read.
 */
export function useRowMeasuring<S extends Element | Window>(estimate: number) {
  // Kept with the estimate it replaces: a table that goes from phone to desk rows starts over.
  const measured = useRef<{ estimate: number; size: number } | null>(null);
  return {
    estimateSize: () => (measured.current?.estimate === estimate ? measured.current.size : estimate),
    measureElement: (element, entry, instance) => {
      const size = measureRow(element, entry, instance);
      if (entry && measured.current?.estimate !== estimate) measured.current = { estimate, size };
      return size;
    },
  } satisfies Partial<VirtualizerOptions<S, Element>>;
}

/**
 * How many rows past the edge a list mounts: none in the render that mounts it, `rows` once that has
 * painted. A screen's first task then renders only the rows in view, and the few that keep a flick smooth
 * follow in a task of their own (issue 17: a list's first render was its screen's longest task).
 */
export const useOverscan = (rows: number): number => (usePainted() ? rows : 0);

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
  // A few items past the edge keep a flick smooth; each one more is rendered, laid out and painted with
  // the first screen (issue 17).
  const overscan = useOverscan(3);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is meant to be read during render.
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    getItemKey: (index) => getKey(items[index]!),
    ...useMeasuringWithoutLayout(estimateSize),
    overscan,
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
