import { signInMember } from '../auth/member.ts';
import type { Target } from '../auth/scenarios.ts';
import { download, DOWNLOAD_TABLE, growthTarget, type ExportRow } from '../lib/export-download.ts';
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
/** Bounded: the peak growth of the server's memory stays well under the size of the data (the CSV's bytes). */
const GROWTH_TARGET_SHARE = 0.5;

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
    const target = growthTarget(
      `${row.format.toUpperCase()} export of ${AUDIT_ROWS} rows`,
      row,
      'the data as CSV',
      dataBytes,
      GROWTH_TARGET_SHARE,
    );
    return { ...target, pass: target.pass && (csv?.rows ?? 0) >= AUDIT_ROWS };
  });
  return { kind, seededRows: AUDIT_ROWS, memberRows: csv?.rows ?? 0, rows, targets };
}

export function formatAuditTable(reports: AuditReport[]): string {
  const header = ['database', 'export', 'rows', 'pages', ...DOWNLOAD_TABLE.columns, 'samples'];
  const lines = reports.flatMap((report) =>
    report.rows.map((row) => [
      report.kind,
      row.format.toUpperCase(),
      row.rows === null ? '' : String(row.rows),
      row.pages === null ? '' : String(row.pages),
      ...DOWNLOAD_TABLE.cells(row),
      String(row.samples),
    ]),
  );
  const out = renderTable(header, lines, new Set([2, 3, 4, 5, 6, 7, 8, 9, 10, 11]));
  out.push('');
  out.push(`${DOWNLOAD_TABLE.note} Seeded rows carry a made-up hash chain (audit:verify would flag them).`);
  for (const report of reports) out.push(...formatTargets(report.kind, report.targets));
  return out.join('\n');
}
