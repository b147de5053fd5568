import { dashboard } from '../../../locales/fr/dashboard.ts';

const RADIUS = 22;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/** A project's progress as a ring; the image's name carries the number for screen readers. */
export function ProgressRing({ percent }: { percent: number }) {
  const clamped = Math.min(100, Math.max(0, Math.round(percent)));
  return (
    <svg
      className="progress-ring"
      viewBox="0 0 56 56"
      width="56"
      height="56"
      role="img"
      aria-label={dashboard.projects.progress(clamped)}
    >
      <circle className="progress-ring__track" cx="28" cy="28" r={RADIUS} />
      <circle
        className="progress-ring__value"
        cx="28"
        cy="28"
        r={RADIUS}
        strokeDasharray={CIRCUMFERENCE}
        strokeDashoffset={CIRCUMFERENCE * (1 - clamped / 100)}
        transform="rotate(-90 28 28)"
      />
      <text
        x="28"
        y="28"
        className="progress-ring__text"
        textAnchor="middle"
        dominantBaseline="central"
        aria-hidden="true"
      >
        {clamped}%
      </text>
    </svg>
  );
}
