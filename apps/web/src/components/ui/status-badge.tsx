import '../../styles/status-badge.css';
import type { ReactNode } from 'react';

export type BadgeTone = 'neutral' | 'info' | 'warning' | 'success' | 'danger';

interface StatusBadgeProps {
  tone: BadgeTone;
  label: string;
  /** A decorative icon before the words (aria-hidden by whoever draws it). */
  icon?: ReactNode;
}

/** A state shown as text in a pill: the colour and the icon only repeat what the words already say. */
export function StatusBadge({ tone, label, icon }: StatusBadgeProps) {
  return (
    <span className={`status-badge status-badge--${tone}`}>
      {icon}
      {label}
    </span>
  );
}
