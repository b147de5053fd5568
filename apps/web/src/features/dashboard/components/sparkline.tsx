const WIDTH = 120;
const HEIGHT = 32;

/** Polyline points for `values`, scaled into the sparkline's box (a flat line when all are equal). */
export function sparklinePoints(values: readonly number[]): string {
  if (values.length === 0) return '';
  const max = Math.max(...values, 1);
  const step = values.length > 1 ? WIDTH / (values.length - 1) : 0;
  return values
    .map(
      (value, index) =>
        `${(index * step).toFixed(1)},${(HEIGHT - 2 - (value / max) * (HEIGHT - 4)).toFixed(1)}`,
    )
    .join(' ');
}

/** Decoration only: the numbers it draws are written beside it. */
export function Sparkline({ values }: { values: readonly number[] }) {
  return (
    <svg
      className="sparkline"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      preserveAspectRatio="none"
      aria-hidden="true"
      focusable="false"
    >
      {values.length > 0 && <polyline points={sparklinePoints(values)} />}
    </svg>
  );
}
