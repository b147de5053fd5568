import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { freePort, startChild, stopChild, waitForHttp200, type Child } from '../lib/children.ts';
import { logStep as log } from '../lib/report.ts';
import { withDatabase } from '../lib/sql.ts';
import type { RunningServer } from '../lib/servers.ts';

/**
 * Planka, the peer of issue 40, run from a checkout built beforehand by its own steps (docs/performance.md,
 * "how to build Planka here"): nothing of it lives in this repository. The bench starts its server from
 * `<plankaDir>/server` on a database of the machine's PostgreSQL, and seeds a board (REST API, then SQL).
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

/**
 * A project, one board and its `lists` through the REST API, as the client makes them; then the `cards`
 * in SQL, the rows Planka's card creation writes (the card, and its 'createCard' action), each at the end
 * of its list. Not through the API: it reads every card of the list to place each new one, so 4,000 took
 * about 15 minutes on the shared host, which is not what the bench measures. Answers the board's id.
 */
export async function seedPlankaBoard(
  baseUrl: string,
  databaseUrl: string,
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
  const rows = board.cards.map((card) => ({
    listId: listIds[card.list],
    position: POSITION_GAP * ++placed[card.list]!,
    name: card.name,
    description: card.description,
    dueDate: card.dueDate,
  }));
  await withDatabase({ kind: 'postgresql', url: databaseUrl }, async (query) => {
    const [creator] = await query('select id from user_account where email = $1', [PLANKA_ADMIN.email]);
    await query(
      `with cards as (
         insert into card (board_id, list_id, creator_user_id, type, position, name, description, due_date,
                           is_due_completed, created_at, list_changed_at, comments_total, is_closed)
         select $1::bigint, (c->>'listId')::bigint, $2::bigint, 'project', (c->>'position')::float8,
                c->>'name', c->>'description', (c->>'dueDate')::timestamp,
                case when c->>'dueDate' is null then null else false end,
                now() at time zone 'utc', now() at time zone 'utc', 0, false
           from jsonb_array_elements($3::jsonb) as c
         returning id, name, list_id)
       insert into action (card_id, user_id, type, data, created_at, board_id)
       select cards.id, $2::bigint, 'createCard',
              jsonb_build_object('card', jsonb_build_object('name', cards.name),
                                 'list', jsonb_build_object('id', list.id::text, 'name', list.name, 'type', list.type)),
              now() at time zone 'utc', $1::bigint
         from cards join list on list.id = cards.list_id`,
      [boardId, creator?.id, JSON.stringify(rows)],
    );
    const [count] = await query('select count(*)::int as n from card where board_id = $1', [boardId]);
    if (count?.n !== board.cards.length) throw new Error(`Planka's board holds ${count?.n} cards`);
  });
  return boardId;
}
