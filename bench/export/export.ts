import type { Target } from '../auth/scenarios.ts';
import { signInMember } from '../auth/member.ts';
import { download, DOWNLOAD_TABLE, growthTarget, type ExportRow } from '../lib/export-download.ts';
import { mib } from '../lib/rss.ts';
import { formatTargets, logStep as log, renderTable } from '../lib/report.ts';
import { removeDataDir, startJalonServer, type DatabaseKind } from '../lib/servers.ts';
import { seedBeforeStart } from '../lib/sql.ts';
import { BIG_PROJECT_ID, SEED, seedTasks } from '../tasks/seed.ts';

/**
 * Issue 39: "streamed, bounded memory for 100,000 tasks". The tasks bench's data set (100,000 tasks over
 * 1,000 projects) is seeded in SQL before the server starts; then the member downloads GET /api/export
 * (the whole JSON document) and the 1,000-task project's CSV once each, while the server process's
 * resident memory is sampled every 50 ms (the audit bench's download, shared).
 */
const GROWTH_TARGET_SHARE = 0.5;
/**
 * RSS counts garbage V8 has not collected yet, so the export runs once more on a server whose JavaScript
 * heap is capped at 128 MiB: the document held in memory would take about twice its 49 MiB (JavaScript
 * strings are UTF-16) beside the server's own heap, so it completes only if the document is never held
 * whole. (At 40 MiB the server does not start.)
 */
const CAPPED_HEAP_MIB = 128;

export interface ExportReport {
  kind: DatabaseKind;
  tasks: number;
  rows: ExportRow[];
  targets: Target[];
}

export async function measureExport(kind: DatabaseKind, databaseUrl?: string): Promise<ExportReport> {
  log(`[${kind}] seeding ${SEED.tasks} tasks (server started once to migrate)`);
  const seeded = await seedBeforeStart(kind, databaseUrl, seedTasks);
  const rows: ExportRow[] = [];
  let cappedRun: { status: number; bytes: number } | null = null;
  try {
    const server = await startJalonServer(kind, databaseUrl, { dataDir: seeded.dataDir });
    try {
      const member = await signInMember(server.baseUrl);
      for (const [path, format] of [
        ['/api/export', 'json'],
        [`/api/export/projects/${BIG_PROJECT_ID}/csv`, 'csv'],
      ] as const) {
        log(`[${kind}] GET ${path}`);
        const row = await download(`${server.baseUrl}${path}`, member.headers, format, server.pid);
        if (row.status !== 200) throw new Error(`${path} answered ${row.status}`);
        rows.push(row);
      }
    } finally {
      await server.stop();
    }
    log(`[${kind}] GET /api/export with the server's heap capped at ${CAPPED_HEAP_MIB} MiB`);
    const capped = await startJalonServer(kind, databaseUrl, {
      dataDir: seeded.dataDir,
      env: { NODE_OPTIONS: `--max-old-space-size=${CAPPED_HEAP_MIB}` },
    });
    try {
      const member = await signInMember(capped.baseUrl);
      cappedRun = await download(`${capped.baseUrl}/api/export`, member.headers, 'json', capped.pid).catch(
        (error: unknown) => ({ status: 0, bytes: 0, error }),
      );
    } finally {
      await capped.stop();
    }
  } finally {
    await removeDataDir(seeded.dataDir);
  }
  // The JSON document is the data: an export that held it whole would grow by at least its size.
  const json = rows.find((row) => row.format === 'json');
  const dataBytes = json?.bytes ?? 0;
  const targets: Target[] = [
    json
      ? growthTarget(
          `JSON export of ${SEED.tasks} tasks`,
          json,
          'the document',
          dataBytes,
          GROWTH_TARGET_SHARE,
        )
      : { label: `JSON export of ${SEED.tasks} tasks`, measured: 'not run', pass: false },
    {
      label: `the same export with the server's JavaScript heap capped at ${CAPPED_HEAP_MIB} MiB (--max-old-space-size) completes`,
      measured: cappedRun ? `${cappedRun.status}, ${mib(cappedRun.bytes)}` : 'not run',
      pass: cappedRun?.status === 200 && cappedRun.bytes === dataBytes,
    },
  ];
  return { kind, tasks: SEED.tasks, rows, targets };
}

export function formatExportTable(reports: ExportReport[]): string {
  const header = ['database', 'export', ...DOWNLOAD_TABLE.columns];
  const lines = reports.flatMap((report) =>
    report.rows.map((row) => [
      report.kind,
      row.format === 'json' ? 'JSON, everything' : 'CSV, 1,000-task project',
      ...DOWNLOAD_TABLE.cells(row),
    ]),
  );
  const out = renderTable(header, lines, new Set([2, 3, 4, 5, 6, 7, 8]));
  out.push('');
  out.push(DOWNLOAD_TABLE.note);
  for (const report of reports) out.push(...formatTargets(report.kind, report.targets));
  return out.join('\n');
}
