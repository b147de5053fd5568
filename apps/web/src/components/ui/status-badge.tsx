import '../../styles/status-badge.css';

export type BadgeTone = 'neutral' | 'info' | 'warning' | 'success' | 'danger';

interface StatusBadgeProps {
  tone: BadgeTone;
  label: string;
}

/** A state shown as text in a pill: the colour only repeats what the words already say. */
export function StatusBadge({ tone, label }: StatusBadgeProps) {
  return <span className={`status-badge status-badge--${tone}`}>{label}</span>;
}
