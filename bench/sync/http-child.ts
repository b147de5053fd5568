import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { runClosedLoop } from '../lib/closed-loop.ts';
import type { LoadSpec } from '../lib/load.ts';
import { BATCH_SIZE, deviceTasks, nextValues, Rotation, type KnownTask, type Measurement } from './work.ts';

/**
 * The load of the sync suite over HTTP, a closed loop per connection (autocannon sends fixed bodies, and a
 * sync batch sent twice is answered as a replay: the second time is no work):
 * - `batch`: each connection is a device (its own clientId) sending POST /api/sync/batch with 50 task
 *   patches numbered on from its last seq, acknowledging the previous answer (`ackedThrough`), each on 50
 *   tasks of its own in turn with the version it knows and the values it saw as `base`;
 * - `patch`: each connection sends PATCH /api/tasks/{id} with the same fields and X-Entity-Version.
 * Every answer is checked (200; for a batch 50 `applied` with the next versions, no conflict, `lastSeq`
 * moved on by 50; for a PATCH the next version); anything else counts as an error, not as work.
 *
 * Speaks the load-child protocol (lib/load.ts); `counts.changed` is the tasks changed, warm-up included.
 */
export interface HttpSyncSpec extends LoadSpec {
  mode: 'batch' | 'patch';
  /** Whose tasks it changes (sync/work.ts): the mode's own, or the baseline server's PATCH tasks. */
  measurement: Measurement;
  userId: string;
}

const spec = JSON.parse(process.argv[2] ?? '{}') as HttpSyncSpec;
const origin = new URL(spec.url);

interface Device {
  clientId: string;
  lastSeq: number;
  agent: http.Agent;
  rotation: Rotation;
}
const devices: Device[] = Array.from({ length: spec.connections }, (_, loop) => ({
  clientId: randomUUID(),
  lastSeq: 0,
  // One keep-alive connection per device, as autocannon keeps one per connection.
  agent: new http.Agent({ keepAlive: true, maxSockets: 1 }),
  rotation: new Rotation(deviceTasks(spec.measurement, loop, spec.connections)),
}));
let changed = 0;

function send(
  device: Device,
  method: string,
  path: string,
  body: string,
  headers: Record<string, string> = {},
) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const request = http.request(
      {
        host: origin.hostname,
        port: origin.port,
        method,
        path,
        agent: device.agent,
        headers: {
          ...spec.headers,
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
        timeout: 10_000,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
        );
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`${method} ${path} timed out`)));
    request.on('error', reject);
    request.end(body);
  });
}

const wrote = (task: KnownTask, values: ReturnType<typeof nextValues>, version: number) =>
  Object.assign(task, values, { version });

interface BatchAnswer {
  data?: {
    applied?: Array<{ seq: number; id: string; version: number }>;
    conflicts?: unknown[];
    lastSeq?: number;
  };
}

async function batchOnce(loop: number): Promise<void> {
  const device = devices[loop]!;
  const tasks = device.rotation.take(BATCH_SIZE);
  const next = tasks.map(nextValues);
  const first = device.lastSeq + 1;
  const body = JSON.stringify({
    schemaVersion: 1,
    clientId: device.clientId,
    userId: spec.userId,
    ...(device.lastSeq > 0 ? { ackedThrough: device.lastSeq } : {}),
    operations: tasks.map((task, k) => ({
      seq: first + k,
      entity: 'task',
      op: 'patch',
      id: task.id,
      version: task.version,
      data: next[k],
      base: { progress: task.progress, title: task.title },
    })),
  });
  const { status, text } = await send(device, 'POST', '/api/sync/batch', body);
  const answer = (status === 200 ? JSON.parse(text) : {}) as BatchAnswer;
  const applied = answer.data?.applied ?? [];
  const expected = first + BATCH_SIZE - 1;
  const allApplied =
    applied.length === BATCH_SIZE &&
    applied.every(
      (entry, k) =>
        entry.seq === first + k && entry.id === tasks[k]!.id && entry.version === tasks[k]!.version + 1,
    );
  if (
    status !== 200 ||
    !allApplied ||
    answer.data?.conflicts?.length !== 0 ||
    answer.data.lastSeq !== expected
  ) {
    // The device is out of step with the server from here on: resynchronising would measure something else.
    throw new Error(`batch ${first}..${expected} answered ${status}: ${text.slice(0, 400)}`);
  }
  device.lastSeq = expected;
  tasks.forEach((task, k) => wrote(task, next[k]!, task.version + 1));
  changed += BATCH_SIZE;
}

async function patchOnce(loop: number): Promise<void> {
  const device = devices[loop]!;
  const [task] = device.rotation.take(1);
  const values = nextValues(task!);
  const { status, text } = await send(device, 'PATCH', `/api/tasks/${task!.id}`, JSON.stringify(values), {
    'x-entity-version': String(task!.version),
  });
  const version =
    status === 200 ? (JSON.parse(text) as { data?: { version?: number } }).data?.version : undefined;
  if (version !== task!.version + 1)
    throw new Error(`PATCH /api/tasks/${task!.id} answered ${status}: ${text.slice(0, 400)}`);
  wrote(task!, values, version);
  changed += 1;
}

const summary = await runClosedLoop(spec, spec.mode === 'batch' ? batchOnce : patchOnce, 0);
for (const device of devices) device.agent.destroy();
process.stdout.write(`result:${JSON.stringify({ ...summary, counts: { changed } })}\n`);
process.exit(0);
