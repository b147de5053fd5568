import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { freePort, startChild, stopChild, waitForHttp200, type Child } from '../lib/children.ts';
import { logStep as log } from '../lib/report.ts';
import type { RunningServer } from '../lib/servers.ts';

/**
 * Planka, the peer of issue 40, run from a checkout built beforehand by its own steps (docs/performance.md,
 * "how to build Planka here"): nothing of it lives in this repository. The bench starts its server from
 * `<plankaDir>/server` on a database of the machine's PostgreSQL, and seeds a board through its REST API.
 */

export const PLANKA_ADMIN = {
  email: 'admin@planka.bench',
  username: 'bench',
  password: 'Bench-Planka-Pw-5203!',
};

/** Planka's server folder, checked to hold a built app: its dependencies and the client's page. */
export function plankaServerDir(plankaDir: string | undefined): string {
  if (!plankaDir)
    throw new Error(
      'the peer suite needs a built Planka: --planka-dir <checkout> or PLANKA_DIR (docs/performance.md, "how to build Planka here")',
    );
  const serverDir = path.resolve(plankaDir, 'server');
  for (const needed of ['app.js', 'node_modules', 'views/index.ejs'])
    if (!existsSync(path.join(serverDir, needed)))
      throw new Error(
        `${path.join(serverDir, needed)} is missing: build Planka first (docs/performance.md, "how to build Planka here")`,
      );
  return serverDir;
}

/** Waits for a one-shot child (Planka's `db/init.js`) and fails with its output unless it exits 0. */
async function runToEnd(child: Child, what: string): Promise<void> {
  const code = await child.exited;
  if (code !== 0) throw new Error(`${what} exited ${code}:\n${child.output()}`);
}

/**
 * Planka's own production start (its `start.sh` without the Docker-only parts): `node db/init.js`
 * (migrations, and the administrator from DEFAULT_ADMIN_*), then `node app.js --prod`. Resolves once
 * its page answers 200 (the check its Docker image uses).
 */
export async function startPlanka(serverDir: string, databaseUrl: string): Promise<RunningServer> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    PORT: String(port),
    BASE_URL: baseUrl,
    DATABASE_URL: databaseUrl,
    SECRET_KEY: randomBytes(32).toString('hex'),
    DEFAULT_LANGUAGE: 'fr-FR',
    DEFAULT_ADMIN_EMAIL: PLANKA_ADMIN.email,
    DEFAULT_ADMIN_USERNAME: PLANKA_ADMIN.username,
    DEFAULT_ADMIN_PASSWORD: PLANKA_ADMIN.password,
    DEFAULT_ADMIN_NAME: 'Banc',
  };
  log('[planka] node db/init.js (migrations, administrator)');
  await runToEnd(startChild(process.execPath, ['db/init.js'], { cwd: serverDir, env }), 'db/init.js');
  const child = startChild(process.execPath, ['app.js', '--prod'], { cwd: serverDir, env });
  try {
    await waitForHttp200(`${baseUrl}/`, child, Number(process.env.BENCH_START_MS ?? 180_000));
  } catch (error) {
    await stopChild(child);
    throw error;
  }
  return { baseUrl, pid: child.pid, stop: () => stopChild(child) };
}

async function call<T>(baseUrl: string, method: string, route: string, token: string | null, body?: unknown) {
  const response = await fetch(`${baseUrl}${route}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(60_000),
  });
  const text = await response.text();
  return { status: response.status, json: (text ? JSON.parse(text) : null) as T, text };
}

/**
 * The administrator's access token. A new instance asks each person to accept its terms at the first
 * sign-in (the pending token of a 403); the bench accepts them as the sign-in screen would, so that the
 * browser's sign-in later goes straight to the projects.
 */
export async function plankaToken(baseUrl: string): Promise<string> {
  const credentials = { emailOrUsername: PLANKA_ADMIN.email, password: PLANKA_ADMIN.password };
  const first = await call<{ item?: string; pendingToken?: string; step?: string }>(
    baseUrl,
    'POST',
    '/api/access-tokens',
    null,
    credentials,
  );
  if (first.status === 200 && first.json.item) return first.json.item;
  if (first.status !== 403 || first.json.step !== 'accept-terms' || !first.json.pendingToken)
    throw new Error(`POST /api/access-tokens answered ${first.status}: ${first.text.slice(0, 300)}`);
  const terms = await call<{ item: { signature: string } }>(baseUrl, 'GET', '/api/terms', null);
  const accepted = await call<{ item?: string }>(baseUrl, 'POST', '/api/access-tokens/accept-terms', null, {
    pendingToken: first.json.pendingToken,
    signature: terms.json.item.signature,
  });
  if (accepted.status !== 200 || !accepted.json.item)
    throw new Error(`accept-terms answered ${accepted.status}: ${accepted.text.slice(0, 300)}`);
  return accepted.json.item;
}

/** A POST that must answer 200 with an item; its id. */
async function create(baseUrl: string, token: string, route: string, body: unknown): Promise<string> {
  const created = await call<{ item?: { id?: string } }>(baseUrl, 'POST', route, token, body);
  const id = created.json?.item?.id;
  if (created.status !== 200 || typeof id !== 'string')
    throw new Error(`POST ${route} answered ${created.status}: ${created.text.slice(0, 300)}`);
  return id;
}

export interface PlankaCard {
  list: number;
  name: string;
  description: string;
  dueDate: string | null;
}

/** Planka's gap between neighbours' positions (its client's POSITION_GAP). */
const POSITION_GAP = 65_536;
const IN_FLIGHT = 8;

/**
 * A project, one board, `lists` and `cards` created through the REST API as the client does it, `IN_FLIGHT`
 * requests at a time; each card at the end of its list. Answers the board's id.
 */
export async function seedPlankaBoard(
  baseUrl: string,
  token: string,
  board: { project: string; name: string; lists: readonly string[]; cards: readonly PlankaCard[] },
): Promise<string> {
  const projectId = await create(baseUrl, token, '/api/projects', { type: 'private', name: board.project });
  const boardId = await create(baseUrl, token, `/api/projects/${projectId}/boards`, {
    position: POSITION_GAP,
    name: board.name,
  });
  const listIds: string[] = [];
  for (const [index, name] of board.lists.entries())
    listIds.push(
      await create(baseUrl, token, `/api/boards/${boardId}/lists`, {
        type: 'active',
        position: POSITION_GAP * (index + 1),
        name,
      }),
    );
  const placed = new Array<number>(listIds.length).fill(0);
  const jobs = board.cards.map((card) => ({ card, position: POSITION_GAP * ++placed[card.list]! }));
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const { card, position } = jobs[next++]!;
      await create(baseUrl, token, `/api/lists/${listIds[card.list]}/cards`, {
        type: 'project',
        position,
        name: card.name,
        description: card.description,
        ...(card.dueDate ? { dueDate: card.dueDate } : {}),
      });
      if (next % 500 === 0) log(`[planka] ${next} of ${jobs.length} cards`);
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  return boardId;
}
