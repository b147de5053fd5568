import {
  ArcElement,
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  Legend,
  LinearScale,
  Tooltip,
  type ChartOptions,
} from 'chart.js';
import { Bar, Doughnut } from 'react-chartjs-2';
import { dashboard } from '../../../locales/fr/dashboard.ts';
import type { ChartSeries } from '../dashboard-model.ts';
import type { ThemeColors } from '../hooks/use-theme-colors.ts';

// Loaded on its own (React.lazy), once a chart nears the screen: chart.js never weighs on the login screen
// or the dashboard's first paint.
ChartJS.register(ArcElement, BarElement, CategoryScale, LinearScale, Tooltip, Legend);

export interface ChartProps {
  series: ChartSeries;
  colors: ThemeColors;
  /** False under reduced motion; otherwise scaled by the animation intensity preference. */
  animate: boolean;
}

const BASE_ANIMATION_MS = 800;

function baseOptions({ colors, animate }: ChartProps) {
  return {
    responsive: true,
    maintainAspectRatio: false,
    animation: animate ? { duration: Math.round(BASE_ANIMATION_MS * colors.motion) } : (false as const),
    plugins: { legend: { position: 'bottom' as const, labels: { color: colors.text } } },
  };
}

/** 'État des projets': En cours, Terminés, Non démarrés, En retard. */
export function ProjectStatusChart(props: ChartProps) {
  const { series, colors } = props;
  const options: ChartOptions<'doughnut'> = baseOptions(props);
  return (
    <Doughnut
      data={{
        labels: series.labels,
        datasets: [
          {
            data: series.values,
            backgroundColor: [colors.primary, colors.success, colors.muted, colors.danger],
            borderColor: colors.surface,
            borderWidth: 2,
          },
        ],
      }}
      options={options}
    />
  );
}

/** 'Tâches par priorité': Haute, Moyenne, Basse. */
export function PriorityChart(props: ChartProps) {
  const { series, colors } = props;
  const axis = { ticks: { color: colors.text, precision: 0 }, grid: { color: colors.grid } };
  const options: ChartOptions<'bar'> = {
    ...baseOptions(props),
    scales: { x: axis, y: { ...axis, beginAtZero: true } },
  };
  return (
    <Bar
      data={{
        labels: series.labels,
        datasets: [
          {
            label: dashboard.charts.tasksDataset,
            data: series.values,
            backgroundColor: [colors.danger, colors.warning, colors.primary],
            borderRadius: 4,
          },
        ],
      }}
      options={options}
    />
  );
}
