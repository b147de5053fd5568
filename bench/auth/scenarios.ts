import { runLoad, type LoadRun } from '../lib/load.ts';
import {
  databaseVersionOf,
  startBareServer,
  startJalonServer,
  type DatabaseKind,
  type RunningServer,
} from '../lib/servers.ts';
import { createMember } from './member.ts';

export interface Settings {
  connections: number;
  saturatingConnections: number;
  warmupSeconds: number;
  durationSeconds: number;
  sessions: number;
}

export interface Row {
  id: 'bare' | 'health' | 'me' | 'check' | 'health-under-load' | 'sessions-saturating';
  label: string;
  run: LoadRun;
}

export interface Target {
  label: string;
  measured: string;
  pass: boolean;
}

export interface DatabaseReport {
  kind: DatabaseKind;
  databaseVersion: string;
  rows: Row[];
  targets: Target[];
}

const ME_TARGET_RATIO = 0.1;
const HEALTH_P99_TARGET_MS = 20;

/** The four measurements of issue 2 against one database kind. Stops every server it started. */
export async function measureAuth(
  kind: DatabaseKind,
  settings: Settings,
  databaseUrl?: string,
): Promise<DatabaseReport> {
  const load = (
    title: string,
    url: string,
    server: RunningServer,
    headers?: Record<string, string>,
    connections = settings.connections,
  ) =>
    runLoad(
      {
        title,
        url,
        connections,
        warmupSeconds: settings.warmupSeconds,
        durationSeconds: settings.durationSeconds,
        headers,
      },
      server.pid,
    );

  const rows: Row[] = [];

  log(`[${kind}] 1/4 bare node:http`);
  const bare = await startBareServer();
  try {
    rows.push({
      id: 'bare',
      label: 'bare node:http (ceiling)',
      run: await load('bare', `${bare.baseUrl}/`, bare),
    });
  } finally {
    await bare.stop();
  }

  log(`[${kind}] starting the Jalon server`);
  const server = await startJalonServer(kind, databaseUrl);
  let databaseVersion = 'unknown';
  try {
    databaseVersion = await databaseVersionOf(server.baseUrl);
    log(`[${kind}] signing a member in ${settings.sessions} times`);
    const member = await createMember(server.baseUrl, settings.sessions);

    log(`[${kind}] 2/4 GET /api/health`);
    rows.push({
      id: 'health',
      label: 'GET /api/health',
      run: await load('health', `${server.baseUrl}/api/health`, server),
    });

    log(`[${kind}] 3/4 GET /api/auth/me`);
    rows.push({
      id: 'me',
      label: 'GET /api/auth/me (authenticated)',
      run: await load('me', `${server.baseUrl}/api/auth/me`, server, member.headers),
    });

    // Diagnostic, not a target: the same bearer check as /me (guard + session cache) without the handler's
    // query, so that the table shows what the session check costs and what one database read costs.
    log(`[${kind}] 3b GET /api/auth/sessions/check (diagnostic)`);
    rows.push({
      id: 'check',
      label: 'GET /api/auth/sessions/check (diagnostic)',
      run: await load('check', `${server.baseUrl}/api/auth/sessions/check`, server, member.headers),
    });

    log(`[${kind}] 4/4 GET /api/health while GET /api/auth/sessions is saturated`);
    // The saturating load starts first and runs one second longer, so that it covers health's whole
    // measured window; both warm up together. The server's CPU is sampled over health's window.
    const saturating = runLoad(
      {
        title: 'sessions (saturating)',
        url: `${server.baseUrl}/api/auth/sessions`,
        connections: settings.saturatingConnections,
        warmupSeconds: settings.warmupSeconds,
        durationSeconds: settings.durationSeconds + 1,
        headers: member.headers,
      },
      server.pid,
    );
    const healthUnderLoad = load('health under load', `${server.baseUrl}/api/health`, server);
    const [sessionsRun, healthRun] = await Promise.all([saturating, healthUnderLoad]);
    rows.push({ id: 'health-under-load', label: 'GET /api/health, sessions saturated', run: healthRun });
    rows.push({ id: 'sessions-saturating', label: '  concurrent GET /api/auth/sessions', run: sessionsRun });
  } finally {
    await server.stop();
  }

  const bareRps = rows.find((row) => row.id === 'bare')?.run.summary.requestsPerSecond ?? 0;
  const me = rows.find((row) => row.id === 'me')?.run.summary;
  const healthUnder = rows.find((row) => row.id === 'health-under-load')?.run.summary;
  const targets: Target[] = [];
  if (me && bareRps > 0) {
    const ratio = me.requestsPerSecond / bareRps;
    targets.push({
      label: `/api/auth/me >= ${ME_TARGET_RATIO * 100}% of bare requests/s`,
      measured: `${(ratio * 100).toFixed(1)}%`,
      pass: ratio >= ME_TARGET_RATIO && me.non2xx === 0 && me.errors === 0,
    });
  }
  if (healthUnder) {
    targets.push({
      label: `/api/health p99 < ${HEALTH_P99_TARGET_MS} ms while /api/auth/sessions is saturated`,
      measured: `${healthUnder.latencyMs.p99} ms`,
      pass:
        healthUnder.latencyMs.p99 < HEALTH_P99_TARGET_MS &&
        healthUnder.non2xx === 0 &&
        healthUnder.errors === 0,
    });
  }
  return { kind, databaseVersion, rows, targets };
}

function log(line: string): void {
  console.error(line);
}
