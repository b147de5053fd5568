import type { Trends } from '@jalon/contract';
import { memo, useId } from 'react';
import { dashboard } from '../../../locales/fr/dashboard.ts';
import { formatAverage, insights } from '../dashboard-model.ts';
import { Sparkline } from './sparkline.tsx';

const t = dashboard.insights;

/** 'Insights': one card per trend series, with its sparkline, average per day and period. */
export const InsightCards = memo(function InsightCards({
  trends,
  period,
}: {
  trends: Trends;
  period: number;
}) {
  const headingId = useId();
  return (
    <section className="dash-panel" aria-labelledby={headingId}>
      <h2 id={headingId}>{t.title}</h2>
      <ul className="dash-insights">
        {insights(trends, period).map((insight) => (
          <li key={insight.key} className="dash-insight">
            <p className="dash-insight__label">{insight.label}</p>
            <p className="dash-insight__average">{t.perDay(formatAverage(insight.average))}</p>
            <p className="dash-insight__meta">
              {t.period(period)} · {t.total(insight.total)}
            </p>
            <Sparkline values={insight.values} />
          </li>
        ))}
      </ul>
    </section>
  );
});
