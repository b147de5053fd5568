import CircleDot from 'lucide-react/icons/circle-dot';
import Folder from 'lucide-react/icons/folder';
import KeyRound from 'lucide-react/icons/key-round';
import ShieldCheck from 'lucide-react/icons/shield-check';
import SquareCheckBig from 'lucide-react/icons/square-check-big';
import type { LucideIcon } from 'lucide-react';
import type { ActivityFamily } from '../dashboard-model.ts';

/** One icon per action family (SPEC §2 'Activité récente'): auth., security., project., task., the rest. */
const ICONS: Record<ActivityFamily, LucideIcon> = {
  auth: KeyRound,
  security: ShieldCheck,
  project: Folder,
  task: SquareCheckBig,
  other: CircleDot,
};

/** Decorative: the family is also said in words beside it, for assistive technology. */
export function ActivityIcon({ family }: { family: ActivityFamily }) {
  const Icon = ICONS[family];
  return <Icon aria-hidden="true" focusable="false" size={18} />;
}
