import type { SyncEntity } from '@jalon/contract';
import { stripTmpPrefix } from '@jalon/contract/plain';
import {
  MemoryStore,
  type PullTransport,
  type Row,
  type SyncStore,
  type SyncTransaction,
  type TransportResponse,
} from '@jalon/sync';
import { describe, expect, it } from 'vitest';
import { makeProject, projectId } from '../test/work-fixtures.ts';
import { FakeSyncServer } from '../test/fake-sync-server.ts';
import { SyncEngine, type SyncEngineOptions } from './sync-engine.ts';

// A project made on this device, then a page load: its batch answer (which renames `tmp-<uuid>` to the
// uuid) and the load's catch-up (which brings the same project from the server) land in either order, the
// second at any moment of the first's work. A task form picks the project by its name meanwhile: the list
// must hold it exactly once at every moment, never twice (the `tmp-` row beside the server's) nor not at all.

const USER = '00000000-0000-4000-a000-000000000001';
const NAME = 'Accueil';

const noSchedule: SyncEngineOptions['schedule'] = () => ({
  start: () => undefined,
  stop: () => undefined,
  edited: () => undefined,
  serverChanged: () => undefined,
});

function gate<T>() {
  let open!: (value: T) => void;
  const opened = new Promise<T>((resolve) => (open = resolve));
  return { opened, open };
}

/**
 * The memory store, running `before` once ahead of its `at`-th transaction from the moment it is armed:
 * what `before` lets go has its own transactions land first.
 */
class SteppedStore implements SyncStore {
  private readonly inner = new MemoryStore();
  private countdown = -1;
  private before: () => Promise<void> = async () => undefined;

  arm(at: number, before: () => Promise<void>) {
    this.countdown = at;
    this.before = before;
  }

  async atomically<T>(work: (tx: SyncTransaction) => Promise<T>): Promise<T> {
    this.countdown -= 1;
    if (this.countdown === 0) await this.before();
    return this.inner.atomically(work);
  }
}

type Order = 'answer first' | 'catch-up first';

/**
 * An engine over a stepped store whose only edit so far is the project NAME, sent (its answer waits for
 * `answerGate`); `shown` is every list of project ids named NAME the screens were shown since.
 */
async function createdAndSent() {
  const store = new SteppedStore();
  const server = new FakeSyncServer();
  const serverRows: Record<SyncEntity, Row[]> = {
    task: [],
    project: [makeProject() as unknown as Row],
    label: [],
    comment: [],
  };
  let lastSeq = 0;
  let cursor = 1;
  const pageGate = gate<void>();
  let holdPages = false;
  const fetchPage: PullTransport = async () => {
    if (holdPages) await pageGate.opened;
    return {
      rows: { ...serverRows },
      cursor: `${cursor}.sig`,
      hasMore: false,
      lastSeq,
      resetRequired: false,
    };
  };
  const answerGate = gate<void>();
  const engine = await SyncEngine.start({
    userId: USER,
    store,
    storage: 'memory',
    fetchPage,
    schedule: noSchedule,
    sendBatch: async (request) => {
      const answer: TransportResponse = server.batch(request);
      // The server has the project now: a catch-up reads it, and says this device's batch is applied.
      const created = request.operations.find((operation) => operation.op === 'upsert');
      if (created) {
        serverRows.project = [
          makeProject({ id: stripTmpPrefix(created.id), name: NAME, version: 1 }) as unknown as Row,
        ];
      }
      lastSeq = request.operations.at(-1)!.seq;
      cursor += 1;
      await answerGate.opened;
      return answer;
    },
  });
  await engine.refresh();
  const tmpId = await engine.edit({
    op: 'create',
    entity: 'project',
    data: { name: NAME, description: '', deadline: '2030-03-31T23:59:59.999Z' },
  });
  const shown: string[][] = [];
  engine.subscribe(() =>
    shown.push(
      engine
        .getSnapshot()
        .projects.filter((project) => project.name === NAME)
        .map((project) => project.id),
    ),
  );
  holdPages = true;
  const sending = engine.sendNow();
  // Let the batch reach the server before anything else asks (a catch-up then finds the project there).
  await nextTask();
  return { engine, store, tmpId, shown, sending, answerGate, pageGate };
}

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Plays one interleaving; `editing`: the person also edits another project at that moment. */
async function play(order: Order, at: number, editing: boolean) {
  const { engine, store, tmpId, shown, sending, answerGate, pageGate } = await createdAndSent();
  const pulling = engine.refresh();
  const [first, second] = order === 'answer first' ? [answerGate, pageGate] : [pageGate, answerGate];
  store.arm(at, async () => {
    second.open();
    if (editing)
      void engine.edit({ op: 'patch', entity: 'project', id: projectId(1), data: { status: 'completed' } });
    await nextTask();
  });
  first.open();
  await (order === 'answer first' ? sending : pulling);
  second.open();
  await Promise.all([sending, pulling]);
  await engine.refresh();
  return { shown, tmpId };
}

/** Every list shown holds the project once; once under the server's id, never back under `tmp-`. */
function expectOnceAndForward(shown: readonly string[][], tmpId: string, at: number) {
  const serverId = stripTmpPrefix(tmpId);
  // A form that chose it under the server's id would lose it if it went back.
  const renamedAt = shown.findIndex((ids) => ids[0] === serverId);
  const either = expect.stringMatching(new RegExp(`^(tmp-)?${serverId}$`));
  shown.forEach((ids, index) =>
    expect({ at, index, ids }).toEqual({
      at,
      index,
      ids: [renamedAt < 0 || index < renamedAt ? either : serverId],
    }),
  );
  expect(shown.at(-1)).toEqual([serverId]);
}

describe('a project created here, its batch answer and the page load catch-up', () => {
  for (const order of ['answer first', 'catch-up first'] as const) {
    for (const editing of [false, true]) {
      it(`is listed exactly once at every moment, ${order}, the other landing at any point${editing ? ', during an edit' : ''}`, async () => {
        for (let at = 1; at <= 12; at += 1) {
          const { shown, tmpId } = await play(order, at, editing);
          expectOnceAndForward(shown, tmpId, at);
        }
      });
    }
  }

  it('an edit made while reads wait shows no older state than what is on screen (the project does not go back to tmp-)', async () => {
    const { engine, store, tmpId, shown, sending, answerGate } = await createdAndSent();
    // A read of the store waits (a slow IndexedDB) and another is queued behind it.
    const readWaits = gate<void>();
    const readStarted = gate<void>();
    store.arm(1, async () => {
      readStarted.open();
      await readWaits.opened;
    });
    const reads = [engine.reread()];
    await readStarted.opened;
    reads.push(engine.reread());
    // The person edits meanwhile; then the answer renames the project, before either read has run.
    const editing = engine.edit({
      op: 'patch',
      entity: 'project',
      id: projectId(1),
      data: { status: 'completed' },
    });
    answerGate.open();
    await nextTask();
    readWaits.open();
    await Promise.all([...reads, editing, sending]);
    expectOnceAndForward(shown, tmpId, 0);
  });
});
