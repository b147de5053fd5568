import type { DatabaseReport } from '../auth/scenarios.ts';

// autocannon's latency histogram has a 1 ms resolution; keep decimals only if some are given.
export const ms = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(2));

const pad = (text: string, width: number, right = false) =>
  right ? text.padStart(width) : text.padEnd(width);

/** A plain-text table: columns as wide as their widest cell, the `numeric` ones aligned right. */
export function renderTable(header: string[], lines: string[][], numeric: Set<number>): string[] {
  const widths = header.map((title, i) =>
    Math.max(title.length, ...lines.map((line) => (line[i] ?? '').length)),
  );
  const render = (cells: string[]) =>
    cells.map((cell, i) => pad(cell, widths[i] ?? 0, numeric.has(i))).join('  ');
  return [render(header), widths.map((w) => '-'.repeat(w)).join('  '), ...lines.map(render)];
}

/** PASS/FAIL lines, one per target. */
export const formatTargets = (kind: string, targets: { label: string; measured: string; pass: boolean }[]) =>
  targets.map((target) => `${target.pass ? 'PASS' : 'FAIL'}  [${kind}] ${target.label}: ${target.measured}`);

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
  const out = renderTable(header, lines, new Set([2, 3, 4, 5, 6, 8, 9, 10]));
  out.push('');
  for (const report of reports) out.push(...formatTargets(report.kind, report.targets));
  return out.join('\n');
}

const processStart = Date.now();
/** A progress line on stderr, stamped with the seconds since the run started. */
export function logStep(line: string): void {
  console.error(`[${((Date.now() - processStart) / 1000).toFixed(1).padStart(6)} s] ${line}`);
}
