import { z } from 'zod';
import { SEARCH } from './constants.ts';
import { safeText } from './text.ts';

/** What a search finds; a comment's result opens its task (`taskId`). */
export const SEARCH_KINDS = ['task', 'comment', 'project'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** GET /api/search: the words (a prefix for the last one, as it is being typed), then keyset pages. */
export const searchQuerySchema = z.strictObject({
  q: safeText().trim().min(1).max(SEARCH.queryMax),
  limit: z.coerce.number().int().min(1).max(SEARCH.pageMax).default(SEARCH.pageDefault),
  /** The `next` of the previous page, as it was given. */
  cursor: z.string().max(200).optional(),
});
export type SearchQuery = z.input<typeof searchQuerySchema>;

/**
 * A matched word in `title` or `excerpt`: characters [start, end) in JavaScript's (UTF-16) indexing.
 * Highlights are ranges over plain text, never markup, so no stored text can inject any.
 */
export const searchHighlightSchema = z.object({
  start: z.number().int().min(0),
  end: z.number().int().min(0),
});
export type SearchHighlight = z.infer<typeof searchHighlightSchema>;

export const searchItemSchema = z.object({
  kind: z.enum(SEARCH_KINDS),
  id: z.string(),
  /** The task to open: the task itself, or a comment's task; absent for a project. */
  taskId: z.string().optional(),
  /** A task's title, a project's name, a comment's task title. */
  title: z.string(),
  /** Plain text around the first match (the description, or the comment), '' when there is none. */
  excerpt: z.string(),
  /** Higher is better; the title (or name) weighs more than the text. */
  rank: z.number(),
  highlights: z.object({ title: z.array(searchHighlightSchema), excerpt: z.array(searchHighlightSchema) }),
});
export type SearchItem = z.infer<typeof searchItemSchema>;

export const searchPageSchema = z.object({
  items: z.array(searchItemSchema),
  /** The `cursor` of the next page; null on the last one. */
  next: z.string().nullable(),
});
export type SearchPage = z.infer<typeof searchPageSchema>;

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
