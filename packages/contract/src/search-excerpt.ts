// What a search result is made of without zod: its kinds, its highlights and how an excerpt is cut, for
// the server and for the web app's offline search (which imports it from '@jalon/contract/plain').
import { SEARCH } from './constants.ts';

/**
 * What a search finds: a comment's result opens its task (`taskId`); a label's the tasks that carry it,
 * a person's the tasks assigned to them.
 */
export const SEARCH_KINDS = ['task', 'comment', 'project', 'label', 'person'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/**
 * A matched word in a result's `title` or `excerpt`: characters [start, end) in JavaScript's (UTF-16)
 * indexing. Highlights are ranges over plain text, never markup, so no stored text can inject any.
 */
export interface SearchHighlight {
  start: number;
  end: number;
}

/**
 * At most `SEARCH.excerptChars` of a text, cut at spaces, from a little before its first match, with '…'
 * where it was cut, and its highlights moved along. The server cuts its matches with it (rather than with
 * ts_headline's own excerpts, which replace what looks like an HTML tag with a space), and so does the
 * device's search offline.
 */
export function excerptOf(marked: { text: string; ranges: SearchHighlight[] }): {
  text: string;
  ranges: SearchHighlight[];
} {
  const { text, ranges } = marked;
  if (text.length <= SEARCH.excerptChars) return marked;
  const first = ranges[0]?.start ?? 0;
  let start = Math.max(0, first - Math.floor(SEARCH.excerptChars / 4));
  if (start > 0) start = text.indexOf(' ', start) + 1 || start;
  if (start > first) start = first;
  let end = Math.min(text.length, start + SEARCH.excerptChars);
  if (end < text.length) end = text.lastIndexOf(' ', end) > start ? text.lastIndexOf(' ', end) : end;
  const before = start > 0 ? '…' : '';
  const shift = before.length - start;
  return {
    text: `${before}${text.slice(start, end)}${end < text.length ? '…' : ''}`,
    ranges: ranges
      .filter((range) => range.start >= start && range.end <= end)
      .map((range) => ({ start: range.start + shift, end: range.end + shift })),
  };
}
