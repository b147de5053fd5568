import type { Member } from '@jalon/contract';

/** Up to two letters: the first of the first and last words ("Camille Durand" -> "CD", "alice" -> "A"). */
export function initialsOf(name: string): string {
  const words = name
    .trim()
    .split(/[\s._-]+/u)
    .filter(Boolean);
  const first = words[0];
  if (!first) return '?';
  const last = words.length > 1 ? words[words.length - 1]! : '';
  return (Array.from(first)[0]! + (last ? Array.from(last)[0]! : '')).toLocaleUpperCase('fr-FR');
}

export type AssigneeDisplay =
  | { kind: 'none' }
  | { kind: 'loading' }
  | { kind: 'unknown' }
  | { kind: 'member'; name: string; initials: string; deactivated: boolean };

/** What to show for a task's assignee, from the directory (which includes deactivated members). */
export function assigneeDisplay(
  assigneeId: string | null | undefined,
  members: readonly Member[] | undefined,
): AssigneeDisplay {
  if (!assigneeId) return { kind: 'none' };
  if (!members) return { kind: 'loading' };
  const member = members.find((candidate) => candidate.id === assigneeId);
  if (!member) return { kind: 'unknown' };
  return {
    kind: 'member',
    name: member.username,
    initials: initialsOf(member.username),
    deactivated: !member.active,
  };
}

/**
 * The choices of an assignee picker: the active members, plus the current assignee when they were
 * deactivated since, so that editing a task does not silently change who it belongs to.
 */
export function assigneeChoices(members: readonly Member[], currentId: string | null): Member[] {
  return members.filter((member) => member.active || member.id === currentId);
}
