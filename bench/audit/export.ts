import { setTimeout as sleep } from 'node:timers/promises';
import { signInMember } from '../auth/member.ts';
import type { Target } from '../auth/scenarios.ts';
import { rssKiB } from '../lib/children.ts';
import { formatTargets, logStep as log, renderTable } from '../lib/report.ts';
import { removeDataDir, startJalonServer, type DatabaseKind } from '../lib/servers.ts';
import { seedBeforeStart, type Query } from '../lib/sql.ts';
import { uuidSql } from '../tasks/seed.ts';

/**
 * Issue 3: "Exports stream, so 100,000 rows export in bounded memory". 100,000 audit rows are seeded for
 * the bench member directly in SQL before the server starts (INSERT only: the append-only triggers refuse
 * UPDATE and DELETE). Their hash chain is made up and does not verify, which this measurement does not
 * need. Then the member downloads GET /api/auth/audit-logs/export/csv and /export/pdf once each, while the
 * server process's resident memory (VmRSS) is sampled every 50 ms.
 */
export const AUDIT_ROWS = 100_000;
const SAMPLE_MS = 50;
const EXPORT_TIMEOUT_MS = 180_000;
/** Bounded: the peak growth of the server's memory stays well under the size of the data (the CSV's bytes). */
const GROWTH_TARGET_SHARE = 0.5;

/** What a download is read as: CSV lines, PDF pages, or (a JSON document) neither. */
export type ExportFormat = 'csv' | 'pdf' | 'json';

export interface ExportRow {
  format: ExportFormat;
  status: number;
  bytes: number;
  /** CSV: data lines (header excluded); PDF: pages. */
  rows: number | null;
  pages: number | null;
  seconds: number;
  firstByteSeconds: number;
  rssBeforeKiB: number;
  rssPeakKiB: number;
  rssAfterKiB: number;
  /** Peak RSS up to each quarter of the download (by bytes received), to tell a plateau from a climb. */
  rssPeakByQuarterKiB: number[];
  samples: number;
  /** Some of the samples (at most 200), as [bytes received, RSS KiB]. */
  series: [number, number][];
}

export interface AuditReport {
  kind: DatabaseKind;
  seededRows: number;
  memberRows: number;
  rows: ExportRow[];
  targets: Target[];
}

async function seedAudit(query: Query, ids: { memberId: string }): Promise<void> {
  const [actor] = await query('select email, username from users where id = $1', [ids.memberId]);
  await query(
    `insert into audit_log (created_at, type, actor_id, actor_email, actor_name, ip, user_agent, resource, outcome,
                            details, metadata, prev_hash, hash)
     select now() - ($4::int - i) * interval '20 seconds',
            (array['auth.login.succeeded', 'task.updated', 'task.created', 'project.updated', 'auth.logout',
                   'auth.login.failed'])[1 + i % 6],
            $1::uuid, $2, $3,
            '192.0.2.' || (i % 250),
            'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
            'task:' || ${uuidSql(`'bench-task-' || i`)},
            case when i % 6 = 5 then 'failure' else 'success' end,
            'Tâche « Préparer le lot ' || (i % 37) || ' » modifiée : statut, progression, échéance',
            jsonb_build_object('changes', jsonb_build_array('status', 'progress')),
            md5('prev-' || i) || md5('prev2-' || i),
            md5('hash-' || i) || md5('hash2-' || i)
       from generate_series(1, $4::int) as i`,
    [ids.memberId, actor?.email ?? null, actor?.username ?? null, AUDIT_ROWS],
  );
  await query('analyze audit_log');
}

/** Median of a few readings, so that one odd sample does not make the baseline. */
async function steadyRss(pid: number): Promise<number> {
  const readings: number[] = [];
  for (let i = 0; i < 5; i++) {
    readings.push(rssKiB(pid) ?? 0);
    await sleep(SAMPLE_MS);
  }
  readings.sort((a, b) => a - b);
  return readings[2] ?? 0;
}

const PAGE_MARKER = Buffer.from('/Type /Page');

/** Downloads one export, streaming (the bench holds no copy), while sampling the server's RSS. */
export async function download(
  url: string,
  headers: Record<string, string>,
  format: ExportFormat,
  serverPid: number,
): Promise<ExportRow> {
  await sleep(1_000);
  const rssBeforeKiB = await steadyRss(serverPid);
  // (bytes received so far, RSS) every 50 ms: at most EXPORT_TIMEOUT_MS / SAMPLE_MS entries.
  const series: { bytes: number; rss: number }[] = [];
  const started = performance.now();
  let firstByteSeconds = 0;
  let bytes = 0;
  let newlines = 0;
  let pages = 0;
  let tail = Buffer.alloc(0);
  const sampler = setInterval(() => {
    const rss = rssKiB(serverPid);
    if (rss !== null) series.push({ bytes, rss });
  }, SAMPLE_MS);
  let status = 0;
  try {
    const response = await fetch(url, { headers, signal: AbortSignal.timeout(EXPORT_TIMEOUT_MS) });
    status = response.status;
    if (!response.body) throw new Error(`${url}: no body`);
    // Node's web stream is async-iterable; the DOM typings the bench also loads do not say so.
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      if (bytes === 0) firstByteSeconds = (performance.now() - started) / 1000;
      bytes += chunk.byteLength;
      if (format === 'csv') {
        for (let i = 0; i < chunk.byteLength; i++) if (chunk[i] === 0x0a) newlines++;
      } else if (format === 'pdf') {
        // Page objects: "/Type /Page" not followed by "s" ("/Type /Pages" is the page tree).
        const window = Buffer.concat([tail, chunk]);
        let at = window.indexOf(PAGE_MARKER);
        while (at !== -1 && at + PAGE_MARKER.length < window.length) {
          if (window[at + PAGE_MARKER.length] !== 0x73) pages++;
          at = window.indexOf(PAGE_MARKER, at + 1);
        }
        const keep = at === -1 ? PAGE_MARKER.length : window.length - at;
        tail = window.subarray(Math.max(0, window.length - keep));
      }
    }
  } finally {
    clearInterval(sampler);
  }
  const seconds = (performance.now() - started) / 1000;
  const rssAfterKiB = rssKiB(serverPid) ?? 0;
  const peak = (upTo: number) =>
    series.reduce((max, sample) => (sample.bytes <= upTo ? Math.max(max, sample.rss) : max), rssBeforeKiB);
  return {
    format,
    status,
    bytes,
    rows: format === 'csv' ? newlines - 1 : null,
    pages: format === 'pdf' ? pages : null,
    seconds,
    firstByteSeconds,
    rssBeforeKiB,
    rssPeakKiB: peak(bytes),
    rssAfterKiB,
    // The size is not announced (chunked): the quarters are judged afterwards, by bytes received.
    rssPeakByQuarterKiB: [1, 2, 3, 4].map((quarter) => peak((bytes * quarter) / 4)),
    samples: series.length,
    series: series
      .filter((_, i) => i % Math.ceil(series.length / 200) === 0)
      .map((sample) => [sample.bytes, sample.rss]),
  };
}

/** Seeds, starts the server, exports CSV then PDF. Stops everything it started. */
export async function measureAuditExport(kind: DatabaseKind, databaseUrl?: string): Promise<AuditReport> {
  log(`[${kind}] seeding ${AUDIT_ROWS} audit rows for the member (server started once to migrate)`);
  const seeded = await seedBeforeStart(kind, databaseUrl, seedAudit);
  const rows: ExportRow[] = [];
  try {
    const server = await startJalonServer(kind, databaseUrl, { dataDir: seeded.dataDir });
    try {
      const member = await signInMember(server.baseUrl);
      for (const format of ['csv', 'pdf'] as const) {
        log(`[${kind}] GET /api/auth/audit-logs/export/${format}`);
        const row = await download(
          `${server.baseUrl}/api/auth/audit-logs/export/${format}`,
          member.headers,
          format,
          server.pid,
        );
        if (row.status !== 200) throw new Error(`export/${format} answered ${row.status}`);
        rows.push(row);
      }
    } finally {
      await server.stop();
    }
  } finally {
    await removeDataDir(seeded.dataDir);
  }
  // The size of the data: the exported rows as text, i.e. the CSV's bytes. (The PDF is deflate-compressed,
  // so its file size understates the data.) An export that held every row would need at least that much.
  const csv = rows.find((row) => row.format === 'csv');
  const dataBytes = csv?.bytes ?? 0;
  const targets: Target[] = rows.map((row) => {
    const growth = (row.rssPeakKiB - row.rssBeforeKiB) * 1024;
    return {
      label: `${row.format.toUpperCase()} export of ${AUDIT_ROWS} rows: peak RSS growth < ${GROWTH_TARGET_SHARE * 100}% of the data (${mib(dataBytes)} as CSV)`,
      measured: `+${mib(growth)} (${dataBytes > 0 ? ((growth / dataBytes) * 100).toFixed(0) : '?'}%)`,
      pass: dataBytes > 0 && growth < dataBytes * GROWTH_TARGET_SHARE && (csv?.rows ?? 0) >= AUDIT_ROWS,
    };
  });
  return { kind, seededRows: AUDIT_ROWS, memberRows: csv?.rows ?? 0, rows, targets };
}

const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;

export function formatAuditTable(reports: AuditReport[]): string {
  const header = [
    'database',
    'export',
    'rows',
    'pages',
    'size',
    'seconds',
    'first byte s',
    'RSS before',
    'RSS peak',
    'peak growth',
    'growth by quarter of the bytes',
    'samples',
  ];
  const lines: string[][] = [];
  for (const report of reports) {
    for (const row of report.rows) {
      lines.push([
        report.kind,
        row.format.toUpperCase(),
        row.rows === null ? '' : String(row.rows),
        row.pages === null ? '' : String(row.pages),
        mib(row.bytes),
        row.seconds.toFixed(1),
        row.firstByteSeconds.toFixed(2),
        mib(row.rssBeforeKiB * 1024),
        mib(row.rssPeakKiB * 1024),
        `+${mib((row.rssPeakKiB - row.rssBeforeKiB) * 1024)}`,
        row.rssPeakByQuarterKiB.map((kib) => ((kib - row.rssBeforeKiB) / 1024).toFixed(1)).join(' / '),
        String(row.samples),
      ]);
    }
  }
  const out = renderTable(header, lines, new Set([2, 3, 4, 5, 6, 7, 8, 9, 10, 11]));
  out.push('');
  out.push(
    `RSS: the server process (with PGlite, its worker and PGlite's memory included; PostgreSQL's backends ` +
      `are not), sampled every ${SAMPLE_MS} ms. Seeded rows carry a made-up hash chain (audit:verify would flag them).`,
  );
  for (const report of reports) out.push(...formatTargets(report.kind, report.targets));
  return out.join('\n');
}
