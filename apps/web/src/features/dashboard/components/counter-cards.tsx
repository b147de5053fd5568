import type { Dashboard } from '@jalon/contract';
import { memo } from 'react';
import { dashboard } from '../../../locales/fr/dashboard.ts';
import { useAnimatedNumber } from '../hooks/use-animated-number.ts';

const t = dashboard.counters;

interface CounterProps {
  label: string;
  value: number;
  sub: string;
  tone: 'primary' | 'success' | 'warning' | 'danger';
}

function Counter({ label, value, sub, tone }: CounterProps) {
  const shown = useAnimatedNumber(value);
  return (
    <li className={`dash-counter dash-counter--${tone}`}>
      <p className="dash-counter__label">{label}</p>
      <p className="dash-counter__value">{shown}</p>
      <p className="dash-counter__sub">{sub}</p>
    </li>
  );
}

/** Projets, Tâches actives, Prioritaires, En retard (SPEC §2). */
export const CounterCards = memo(function CounterCards({ counters }: { counters: Dashboard['counters'] }) {
  return (
    <ul className="dash-counters" aria-label={t.label}>
      <Counter
        label={t.projects}
        value={counters.projects}
        sub={t.projectsCompleted(counters.projectsCompleted)}
        tone="primary"
      />
      <Counter label={t.activeTasks} value={counters.activeTasks} sub={t.totalTasks(counters.totalTasks)} tone="success" />
      <Counter label={t.highPriority} value={counters.highPriority} sub={t.highPrioritySub} tone="warning" />
      <Counter label={t.overdue} value={counters.overdue} sub={t.overdueSub} tone="danger" />
    </ul>
  );
});
