import { DASHBOARD } from '@jalon/contract/plain';
import type { Dashboard } from '@jalon/contract';
import { lazy, memo, Suspense, useId, type ComponentType } from 'react';
import { usePrefersReducedMotion } from '../../../lib/use-media-query.ts';
import { dashboard as dashboardText } from '../../../locales/fr/dashboard.ts';
import { prioritySeries, projectStatusSeries, type ChartSeries } from '../dashboard-model.ts';
import { useNearViewport } from '../hooks/use-near-viewport.ts';
import { useThemeColors } from '../hooks/use-theme-colors.ts';
import type { ChartProps } from './charts.tsx';

const t = dashboardText.charts;
const ProjectStatusChart = lazy(async () => ({ default: (await import('./charts.tsx')).ProjectStatusChart }));
const PriorityChart = lazy(async () => ({ default: (await import('./charts.tsx')).PriorityChart }));

interface ChartPanelProps {
  title: string;
  series: ChartSeries;
  Chart: ComponentType<ChartProps>;
}

/**
 * The canvas is hidden from assistive technology; the same numbers are given as a table. Chart.js loads
 * and draws only once the panel nears the screen (below the first screen on a phone, it would otherwise
 * be the load's largest piece of script), in a box of fixed height so nothing moves when it arrives.
 */
function ChartPanel({ title, series, Chart }: ChartPanelProps) {
  const headingId = useId();
  const colors = useThemeColors();
  const animate = !usePrefersReducedMotion();
  const [canvasBox, near] = useNearViewport<HTMLDivElement>();
  return (
    <figure className="dash-panel dash-chart" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      <div
        ref={canvasBox}
        className="dash-chart__canvas"
        style={{ height: DASHBOARD.chartHeightPx }}
        aria-hidden="true"
      >
        {near ? (
          <Suspense fallback={<div className="dash-skeleton dash-skeleton--chart" />}>
            <Chart series={series} colors={colors} animate={animate} />
          </Suspense>
        ) : (
          <div className="dash-chart__placeholder" />
        )}
      </div>
      <table className="visually-hidden">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{t.category}</th>
            <th scope="col">{t.count}</th>
          </tr>
        </thead>
        <tbody>
          {series.labels.map((label, index) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td>{series.values[index] ?? 0}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

/** The doughnut 'État des projets' and the bar chart 'Tâches par priorité'. */
export const ChartPanels = memo(function ChartPanels({
  dashboard,
}: {
  dashboard: Pick<Dashboard, 'projectsByStatus' | 'tasksByPriority'>;
}) {
  return (
    <div className="dash-charts">
      <ChartPanel
        title={t.projectsTitle}
        series={projectStatusSeries(dashboard.projectsByStatus)}
        Chart={ProjectStatusChart}
      />
      <ChartPanel
        title={t.priorityTitle}
        series={prioritySeries(dashboard.tasksByPriority)}
        Chart={PriorityChart}
      />
    </div>
  );
});
