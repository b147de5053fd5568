import { dashboard } from '../../../locales/fr/dashboard.ts';

/** Loading state: the waiting text for everyone, grey blocks shaped like the cards for the eye. */
export function DashboardSkeleton() {
  return (
    <div className="dash-loading">
      <p role="status" className="muted">
        {dashboard.loadingText}
      </p>
      <div className="dash-skeletons" aria-hidden="true">
        {Array.from({ length: 4 }, (_, index) => (
          <div key={index} className="dash-skeleton dash-skeleton--counter" />
        ))}
        <div className="dash-skeleton dash-skeleton--wide" />
        <div className="dash-skeleton dash-skeleton--wide" />
      </div>
    </div>
  );
}
