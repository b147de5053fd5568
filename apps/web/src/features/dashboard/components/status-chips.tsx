import type { ProjectStatus } from '@jalon/contract';
import { memo } from 'react';
import { dashboard } from '../../../locales/fr/dashboard.ts';

const t = dashboard.chips;
const CHIPS: readonly (ProjectStatus | null)[] = [null, 'active', 'completed', 'on_hold', 'cancelled'];

interface StatusChipsProps {
  status: ProjectStatus | null;
  onChange: (status: ProjectStatus | null) => void;
}

/** Tous, Actifs, Terminés, En attente, Annulés: filter the project cards. */
export const StatusChips = memo(function StatusChips({ status, onChange }: StatusChipsProps) {
  return (
    <div className="dash-chips" role="group" aria-label={t.label}>
      {CHIPS.map((chip) => (
        <button
          key={chip ?? 'all'}
          type="button"
          className="dash-chip"
          aria-pressed={status === chip}
          onClick={() => onChange(chip)}
        >
          {chip === null ? t.all : t[chip]}
        </button>
      ))}
    </div>
  );
});
