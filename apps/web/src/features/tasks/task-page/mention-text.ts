import type { Member } from '@jalon/contract';
import { MENTION_PATTERN, mentionOf } from '@jalon/contract/plain';
import { foldText } from '../../../lib/fold-text.ts';
import { taskPage } from '../../../locales/fr/task-page.ts';

const t = taskPage.comments;

/** Members offered at most in the '@' list: a few names to choose from with the arrows. */
export const MENTION_CHOICES = 8;

/** The '@' being typed just before the caret, and what follows it; null when the caret is not in one. */
export function mentionQueryAt(text: string, caret: number): { start: number; query: string } | null {
  // An '@' at the start or after a space or an opening bracket (not in an e-mail address), then the name so far.
  const match = /(^|[\s([{])@([^\s@<>]{0,40})$/u.exec(text.slice(0, caret));
  return match ? { start: caret - match[2]!.length - 1, query: match[2]! } : null;
}

/** The active members whose name matches what follows the '@', accents and case folded, by name. */
export function mentionChoices(members: readonly Member[], query: string): Member[] {
  const wanted = foldText(query);
  return members
    .filter((member) => member.active && foldText(member.username).includes(wanted))
    .sort((a, b) => foldText(a.username).localeCompare(foldText(b.username), 'fr'))
    .slice(0, MENTION_CHOICES);
}

/** The text with the '@' being typed replaced by the member's mention, and where the caret goes after it. */
export function insertMention(
  text: string,
  at: { start: number; query: string },
  userId: string,
): { text: string; caret: number } {
  const inserted = `${mentionOf(userId)} `;
  const end = at.start + 1 + at.query.length;
  return { text: text.slice(0, at.start) + inserted + text.slice(end), caret: at.start + inserted.length };
}

/** Markdown's punctuation in a name, escaped: a name is shown as it is, never as formatting. */
const escapeMarkdown = (value: string) => value.replace(/[\\`*_{}[\]()#+\-.!<>|~]/g, '\\$&');

/**
 * A comment's text as the thread shows it: each mention of a known member as '@' and their current name
 * ('(désactivé)' after a deactivated one's); an id that names nobody stays the text it is.
 */
export function showMentions(body: string, members: readonly Member[] | undefined): string {
  return body.replace(MENTION_PATTERN, (mention, id: string) => {
    const member = members?.find((candidate) => candidate.id === id);
    if (!member) return mention;
    const name = escapeMarkdown(`@${member.username}`);
    return member.active ? name : `${name} ${t.deactivated}`;
  });
}
