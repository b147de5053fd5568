import CircleDot from 'lucide-react/icons/circle-dot';
import Folder from 'lucide-react/icons/folder';
import KeyRound from 'lucide-react/icons/key-round';
import ShieldCheck from 'lucide-react/icons/shield-check';
import SquareCheckBig from 'lucide-react/icons/square-check-big';
import type { LucideIcon } from 'lucide-react';

export type ActivityFamily = 'auth' | 'security' | 'project' | 'task' | 'other';
const FAMILIES = ['auth', 'security', 'project', 'task'] as const;

/** An audit action's family, by its prefix (`task.updated` is a task's); anything else is 'other'. */
export const activityFamily = (type: string): ActivityFamily =>
  FAMILIES.find((family) => type.startsWith(`${family}.`)) ?? 'other';

/** One icon per action family: auth., security., project., task., the rest. */
const ICONS: Record<ActivityFamily, LucideIcon> = {
  auth: KeyRound,
  security: ShieldCheck,
  project: Folder,
  task: SquareCheckBig,
  other: CircleDot,
};

/** Decorative: the entry says what happened in words (the dashboard adds the family for assistive technology). */
export function ActivityIcon({ family }: { family: ActivityFamily }) {
  const Icon = ICONS[family];
  return <Icon aria-hidden="true" focusable="false" size={18} />;
}
