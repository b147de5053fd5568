import { runSoak, type SoakResult } from '../../apps/server/src/test/soak-load.ts';
import { registerMember, signInMember } from '../auth/member.ts';
import { startJalonServer, type DatabaseKind } from '../lib/servers.ts';

/**
 * Issue 9's soak, at full length: three clients alternate `GET /api/tasks?limit=50` and
 * `PATCH /api/tasks/{id}` without pause for `minutes` against a server child process with the default
 * settings (so the embedded database vacuums every 5 minutes: a 10-minute run crosses two periods).
 * The CI test (`apps/server/src/faults/pglite-soak.test.ts`) runs the same load for 2 minutes with the
 * vacuum every 15 s.
 */
export interface SoakReport extends SoakResult {
  kind: DatabaseKind;
  minutes: number;
  clients: number;
}

const CLIENTS = 3;
const TASKS_PER_CLIENT = 20;

async function post(
  baseUrl: string,
  url: string,
  headers: Record<string, string>,
  body: unknown,
): Promise<{ id: string }> {
  const response = await fetch(`${baseUrl}${url}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
  if (response.status !== 201)
    throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { data: { id: string } }).data;
}

export async function measureSoak(
  kind: DatabaseKind,
  minutes: number,
  databaseUrl?: string,
): Promise<SoakReport> {
  const server = await startJalonServer(kind, databaseUrl, { env: { LIST_CACHE_MB: '0' } });
  try {
    await registerMember(server.baseUrl);
    const clients = [];
    for (let index = 0; index < CLIENTS; index++) {
      const member = await signInMember(server.baseUrl);
      const project = await post(server.baseUrl, '/api/projects', member.headers, {
        name: `Soak ${index}`,
        description: 'Charge continue',
        deadline: '2027-06-30T12:00:00Z',
      });
      const taskIds: string[] = [];
      for (let n = 0; n < TASKS_PER_CLIENT; n++)
        taskIds.push(
          (
            await post(server.baseUrl, '/api/tasks', member.headers, {
              title: `Tâche ${n}`,
              project: project.id,
            })
          ).id,
        );
      clients.push({ token: member.token, taskIds });
    }
    const result = await runSoak(server.baseUrl, clients, {
      durationMs: minutes * 60_000,
      onProgress: (elapsed, sofar) =>
        console.error(
          `  soak ${kind}: ${(elapsed / 1000).toFixed(0)} s, ${sofar.requests} requests, ${sofar.errors.length} errors, max ${sofar.maxMs.toFixed(0)} ms`,
        ),
    });
    return { kind, minutes, clients: CLIENTS, ...result };
  } finally {
    await server.stop();
  }
}

export function formatSoakTable(reports: SoakReport[]): string {
  const lines = [
    '| database | minutes | clients | requests | errors | over 2 s | p50 ms | p99 ms | max ms | target (no error, none over 2 s) |',
    '|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const report of reports) {
    const pass = report.errors.length === 0 && report.slow === 0;
    lines.push(
      `| ${report.kind} | ${report.minutes} | ${report.clients} | ${report.requests} | ${report.errors.length} | ${report.slow} | ${report.p50Ms.toFixed(1)} | ${report.p99Ms.toFixed(1)} | ${report.maxMs.toFixed(0)} | ${pass ? 'PASS' : 'FAIL'} |`,
    );
  }
  const firstErrors = reports.flatMap((report) =>
    report.errors.slice(0, 5).map((error) => `- ${report.kind}: ${error}`),
  );
  return [...lines, ...(firstErrors.length ? ['', 'First errors:', ...firstErrors] : [])].join('\n');
}
