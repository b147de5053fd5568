import type { Dashboard } from '@jalon/contract';
import { memo } from 'react';
import { Link } from 'wouter';
import { dashboard } from '../../../locales/fr/dashboard.ts';
import { counterLinks } from '../counter-links.ts';
import { useAnimatedNumber } from '../hooks/use-animated-number.ts';

const t = dashboard.counters;

interface CounterProps {
  label: string;
  value: number;
  sub: string;
  tone: 'primary' | 'success' | 'warning' | 'danger';
  /** The list that shows the tasks (or projects) counted. */
  to: string;
}

function Counter({ label, value, sub, tone, to }: CounterProps) {
  const shown = useAnimatedNumber(value);
  return (
    <li>
      <Link className={`dash-counter dash-counter--${tone}`} to={to}>
        <span className="dash-counter__label">{label}</span>
        <span className="dash-counter__value">{shown}</span>
        <span className="dash-counter__sub">{sub}</span>
      </Link>
    </li>
  );
}

interface CounterCardsProps {
  counters: Dashboard['counters'];
  /** The project the dashboard is focused on, whose numbers the counters show; null for all. */
  projectId: string | null;
}

/** Projets, Tâches actives, Prioritaires, En retard, each a link to the list it counts. */
export const CounterCards = memo(function CounterCards({ counters, projectId }: CounterCardsProps) {
  const links = counterLinks(projectId);
  return (
    <ul className="dash-counters" aria-label={t.label}>
      <Counter
        label={t.projects}
        value={counters.projects}
        sub={t.projectsCompleted(counters.projectsCompleted)}
        tone="primary"
        to={links.projects}
      />
      <Counter
        label={t.activeTasks}
        value={counters.activeTasks}
        sub={t.totalTasks(counters.totalTasks)}
        tone="success"
        to={links.activeTasks}
      />
      <Counter
        label={t.highPriority}
        value={counters.highPriority}
        sub={t.highPrioritySub}
        tone="warning"
        to={links.highPriority}
      />
      <Counter
        label={t.overdue}
        value={counters.overdue}
        sub={t.overdueSub}
        tone="danger"
        to={links.overdue}
      />
    </ul>
  );
});
