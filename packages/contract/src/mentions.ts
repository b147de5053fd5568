// Mentions in a comment's text, without zod: the composer and the thread read them on the page.

/**
 * A mention as a comment stores it: `<@` the member's id `>`. The id, not the name, so that a renamed
 * member is still the one mentioned and is shown under the current name; the angle brackets keep it
 * apart from an e-mail address or an '@' typed in prose, and Markdown leaves it as text.
 */
export const MENTION_PATTERN = /<@([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})>/g;

/** The text that mentions this member. */
export const mentionOf = (userId: string): string => `<@${userId}>`;

/** The ids a text mentions, each once, in the order they first appear. */
export function mentionedIds(body: string): string[] {
  return [...new Set(Array.from(body.matchAll(MENTION_PATTERN), (match) => match[1]!))];
}
