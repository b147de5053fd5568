import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { MEMBER, signInMember, type Member } from '../auth/member.ts';
import type { Target } from '../auth/scenarios.ts';
import { summarise } from '../dashboard/sequential.ts';
import { cpuTimeMs } from '../lib/children.ts';
import { cpuMsBetween, postgresCpuSnapshot } from '../lib/database-cpu.ts';
import { PG } from '../lib/postgres.ts';
import { formatTargets, logStep as log, renderTable } from '../lib/report.ts';
import { removeDataDir, startJalonServer, type DatabaseKind } from '../lib/servers.ts';
import { seedBeforeStart } from '../lib/sql.ts';
import { uuidSql } from '../tasks/seed.ts';

/**
 * Issue 36: 1,000 members watch a task and one person comments on it. Each comment goes to a task of its
 * own (all watched by the same 1,000 members), so every answer writes 1,000 new notifications rather than
 * grouping into unread ones. Measured: POST /api/tasks/{id}/comments one at a time on one connection,
 * p99 of the answer (target under 200 ms), the server's CPU per comment and, on PostgreSQL, the database's.
 */
export interface NotificationsReport {
  kind: DatabaseKind;
  watchers: number;
  comments: number;
  latencyMs: ReturnType<typeof summarise>;
  cpuMsPerComment: { main: number; other: number } | null;
  /** PostgreSQL's own CPU a comment (its backends and shared writers); PGlite's is the server's "other". */
  databaseCpuMsPerComment: number | null;
  notificationsPerWatcher: number;
  targets: Target[];
}

const WATCHERS = 1_000;
const WARMUP = 10;
const COMMENTS = 100;
const P99_TARGET_MS = 200;
const taskIdSql = (i: string) => uuidSql(`'bench-notified-task-' || ${i}`);

export async function measureNotifications(
  kind: DatabaseKind,
  databaseUrl?: string,
): Promise<NotificationsReport> {
  const tasks = WARMUP + COMMENTS;
  log(`[${kind}] seeding ${WATCHERS} members watching each of ${tasks} tasks`);
  const seeded = await seedBeforeStart(kind, databaseUrl, async (query, ids) => {
    await query('begin');
    // The watchers sign in with the bench member's password (its hash), as the check below does.
    await query(
      `insert into users (email, username, password_hash)
       select 'watcher-' || i || '@bench.local', 'Observateur ' || i, (select password_hash from users where id = $1)
         from generate_series(1, $2::int) as i`,
      [ids.memberId, WATCHERS],
    );
    await query(
      `insert into projects (id, name, description, deadline, owner_id, task_count, version, created_at, updated_at, change_seq)
       values (${uuidSql(`'bench-notified-project'`)}, 'Salon du livre', 'Banc des notifications',
               now() + interval '30 days', $1, $2, 0, now(), now(), 1)`,
      [ids.adminId, tasks],
    );
    await query(
      `insert into tasks (id, project_id, title, created_by, version, created_at, updated_at, change_seq)
       select ${taskIdSql('i')}, ${uuidSql(`'bench-notified-project'`)}, 'Imprimer les kakémonos ' || i, $1, 0, now(), now(), 1
         from generate_series(1, $2::int) as i`,
      [ids.adminId, tasks],
    );
    await query(
      `insert into task_watchers (task_id, user_id, watching)
       select t.id, u.id, true from tasks t cross join users u where u.email like 'watcher-%@bench.local'`,
    );
    await query('commit');
    await query('analyze');
  });
  try {
    log(`[${kind}] starting the Jalon server on the seeded database`);
    const server = await startJalonServer(kind, databaseUrl, { dataDir: seeded.dataDir });
    try {
      const member = await signInMember(server.baseUrl);
      const seededTasks = await allTasks(server.baseUrl, member, tasks);
      log(
        `[${kind}] ${WARMUP} + ${COMMENTS} comments, one at a time, each on a task of ${WATCHERS} watchers`,
      );
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const comment = (taskId: string) =>
        post(agent, server.baseUrl, `/api/tasks/${taskId}/comments`, member, {
          body: 'Le BAT est validé, on lance l’impression.',
        });
      for (const task of seededTasks.slice(0, WARMUP)) await comment(task.id);
      const databaseCpu = () => (kind === 'postgresql' ? postgresCpuSnapshot(PG.benchDatabase) : null);
      const databaseBefore = databaseCpu();
      const before = cpuTimeMs(server.pid);
      const samples: number[] = [];
      for (const task of seededTasks.slice(WARMUP, tasks)) samples.push(await comment(task.id));
      const after = cpuTimeMs(server.pid);
      const databaseAfter = databaseCpu();
      agent.destroy();
      const watcher = await signInAs(server.baseUrl, 'watcher-1@bench.local');
      const inbox = (await fetchJson(server.baseUrl, '/api/notifications?limit=1', watcher)) as {
        unread: number;
      };
      if (inbox.unread !== tasks)
        throw new Error(`a watcher has ${inbox.unread} notifications, not ${tasks}`);
      const latencyMs = summarise(samples);
      return {
        kind,
        watchers: WATCHERS,
        comments: COMMENTS,
        latencyMs,
        cpuMsPerComment:
          before && after
            ? {
                main: (after.mainThread - before.mainThread) / COMMENTS,
                other: (after.process - after.mainThread - (before.process - before.mainThread)) / COMMENTS,
              }
            : null,
        databaseCpuMsPerComment:
          databaseBefore && databaseAfter ? cpuMsBetween(databaseBefore, databaseAfter) / COMMENTS : null,
        notificationsPerWatcher: inbox.unread,
        targets: [
          {
            label: `a comment on a task of ${WATCHERS} watchers answered in under ${P99_TARGET_MS} ms (p99 of ${COMMENTS})`,
            measured: `p99 ${latencyMs.p99.toFixed(1)} ms, p50 ${latencyMs.p50.toFixed(1)} ms`,
            pass: latencyMs.p99 < P99_TARGET_MS,
          },
        ],
      };
    } finally {
      await server.stop();
    }
  } finally {
    await removeDataDir(seeded.dataDir);
  }
}

async function fetchJson(baseUrl: string, path: string, member: Pick<Member, 'headers'>): Promise<unknown> {
  const response = await fetch(`${baseUrl}${path}`, {
    headers: member.headers,
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  if (response.status !== 200)
    throw new Error(`GET ${path} answered ${response.status}: ${text.slice(0, 300)}`);
  return (JSON.parse(text) as { data: unknown }).data;
}

/** Every task of the seed (the list pages by 100). */
async function allTasks(baseUrl: string, member: Member, count: number): Promise<Array<{ id: string }>> {
  const all: Array<{ id: string }> = [];
  let after: string | null = null;
  while (all.length < count) {
    const response = await fetch(
      `${baseUrl}/api/tasks?limit=100${after ? `&after=${encodeURIComponent(after)}` : ''}`,
      {
        headers: member.headers,
      },
    );
    const page = (await response.json()) as { data: Array<{ id: string }>; nextAfter: string | null };
    all.push(...page.data);
    if (!page.nextAfter) break;
    after = page.nextAfter;
  }
  return all;
}

async function signInAs(baseUrl: string, email: string): Promise<Pick<Member, 'headers'>> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: MEMBER.password }),
  });
  const data = ((await response.json()) as { data: { token: string; sessionId: string } }).data;
  return { headers: { authorization: `Bearer ${data.token}`, 'x-session-id': data.sessionId } };
}

/** One POST on the kept-alive connection, timed from the request to the answer's last byte; must be 201. */
function post(
  agent: http.Agent,
  baseUrl: string,
  path: string,
  member: Member,
  body: Record<string, unknown>,
): Promise<number> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.request(
      new URL(path, baseUrl),
      {
        method: 'POST',
        agent,
        headers: {
          ...member.headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
        },
        timeout: 30_000,
      },
      (response) => {
        response.resume();
        response.on('end', () =>
          response.statusCode === 201
            ? resolve(performance.now() - started)
            : reject(new Error(`POST ${path} answered ${response.statusCode}`)),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

export function formatNotificationsTable(reports: NotificationsReport[]): string {
  const lines = reports.map((report) => [
    report.kind,
    String(report.watchers),
    String(report.comments),
    report.latencyMs.p50.toFixed(1),
    report.latencyMs.p99.toFixed(1),
    report.latencyMs.max.toFixed(1),
    report.cpuMsPerComment
      ? `${report.cpuMsPerComment.main.toFixed(1)} + ${report.cpuMsPerComment.other.toFixed(1)}`
      : '',
    report.databaseCpuMsPerComment != null ? report.databaseCpuMsPerComment.toFixed(1) : 'in other',
  ]);
  return [
    ...renderTable(
      [
        'database',
        'watchers',
        'comments',
        'p50 ms',
        'p99 ms',
        'max ms',
        'server CPU ms/comment main+other',
        'PostgreSQL CPU ms/comment',
      ],
      lines,
      new Set([1, 2, 3, 4, 5, 7]),
    ),
    '',
    ...reports.flatMap((report) => formatTargets(report.kind, report.targets)),
  ].join('\n');
}
