import type { SearchHighlight } from '@jalon/contract';
import type { ReactNode } from 'react';

/** Text with its matched words in <mark>: ranges over plain text, so nothing in it is read as markup. */
export function HighlightedText({ text, ranges }: { text: string; ranges: readonly SearchHighlight[] }) {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const { start, end } of ranges) {
    if (start < at || end > text.length || end <= start) continue;
    if (start > at) parts.push(text.slice(at, start));
    parts.push(<mark key={start}>{text.slice(start, end)}</mark>);
    at = end;
  }
  if (at < text.length) parts.push(text.slice(at));
  return <>{parts}</>;
}
