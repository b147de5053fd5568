import { z } from 'zod';
import { SEARCH } from './constants.ts';
import { SEARCH_KINDS, type SearchHighlight } from './search-excerpt.ts';
import { safeText } from './text.ts';

/** GET /api/search: the words (a prefix for the last one, as it is being typed), then keyset pages. */
export const searchQuerySchema = z.strictObject({
  q: safeText().trim().min(1).max(SEARCH.queryMax),
  limit: z.coerce.number().int().min(1).max(SEARCH.pageMax).default(SEARCH.pageDefault),
  /** The `next` of the previous page, as it was given. */
  cursor: z.string().max(200).optional(),
});
export type SearchQuery = z.input<typeof searchQuerySchema>;

/** A highlight (search-excerpt.ts says what it is). */
export const searchHighlightSchema = z.object({
  start: z.number().int().min(0),
  end: z.number().int().min(0),
}) satisfies z.ZodType<SearchHighlight>;

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
