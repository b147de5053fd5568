import type { DatabaseReport } from '../auth/scenarios.ts';

// autocannon's latency histogram has a 1 ms resolution; keep decimals only if some are given.
const ms = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(2));

const pad = (text: string, width: number, right = false) =>
  right ? text.padStart(width) : text.padEnd(width);

/** The readable table printed at the end of a run. */
export function formatTable(reports: DatabaseReport[]): string {
  const header = [
    'database',
    'measurement',
    'conn',
    'req/s',
    'p50 ms',
    'p99 ms',
    'vs bare',
    'server CPU main+other',
    'loadgen CPU',
    'machine CPU',
    'non-2xx/err',
  ];
  const lines: string[][] = [];
  for (const report of reports) {
    const bareRps = report.rows.find((row) => row.id === 'bare')?.run.summary.requestsPerSecond ?? 0;
    for (const row of report.rows) {
      const s = row.run.summary;
      const cpu = row.run.serverCpu;
      lines.push([
        report.kind,
        row.label,
        String(s.connections),
        s.requestsPerSecond.toFixed(0),
        ms(s.latencyMs.p50),
        ms(s.latencyMs.p99),
        bareRps > 0 ? `${((s.requestsPerSecond / bareRps) * 100).toFixed(1)}%` : '-',
        // The two concurrent loads sample the same server over (nearly) the same window: show it once.
        cpu && row.id !== 'sessions-saturating'
          ? `${cpu.mainThreadPercent.toFixed(0)}% + ${cpu.otherThreadsPercent.toFixed(0)}%`
          : '',
        `${s.loadGeneratorCpuPercent.toFixed(0)}%`,
        cpu?.machineBusyPercent != null && row.id !== 'sessions-saturating'
          ? `${cpu.machineBusyPercent.toFixed(0)}%`
          : '',
        `${s.non2xx}/${s.errors}`,
      ]);
    }
  }
  const widths = header.map((title, i) =>
    Math.max(title.length, ...lines.map((line) => (line[i] ?? '').length)),
  );
  const numeric = new Set([2, 3, 4, 5, 6, 8, 9, 10]);
  const render = (cells: string[]) =>
    cells.map((cell, i) => pad(cell, widths[i] ?? 0, numeric.has(i))).join('  ');
  const out = [render(header), widths.map((w) => '-'.repeat(w)).join('  '), ...lines.map(render)];
  out.push('');
  for (const report of reports) {
    for (const target of report.targets)
      out.push(`${target.pass ? 'PASS' : 'FAIL'}  [${report.kind}] ${target.label}: ${target.measured}`);
  }
  return out.join('\n');
}
