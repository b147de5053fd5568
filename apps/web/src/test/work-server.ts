import {
  mentionedIds,
  stripTmpPrefix,
  type Label,
  type Comment,
  type Project,
  type SyncBatchRequest,
  type SyncBatchResponse,
  type SyncConflict,
  type SyncEntity,
  type SyncOperation,
  type Task,
} from '@jalon/contract';
import { byKind, mergePatch } from '@jalon/sync';
import { mockFetch, pathOf, problem, type RecordedCall } from './http.ts';
import { makeProject, makeTask } from './work-fixtures.ts';

type Handler = (call: RecordedCall) => Response | Promise<Response> | undefined;
type Entity = Task | Project | Comment;
type Stored = Entity & { changeSeq: number };

export interface WorkServerOptions {
  projects?: Project[];
  tasks?: Task[];
  labels?: Label[];
  comments?: Comment[];
  /** Answers a call first (a route the screen also reads, a refused read); `undefined` lets the server answer. */
  handler?: Handler;
}

export interface WorkServer {
  calls: RecordedCall[];
  /** The bodies of every `POST /api/sync/batch`, in order. */
  batches(): SyncBatchRequest[];
  /** Every operation sent, over all batches. */
  operations(): SyncOperation[];
  /** The server's current row (what the next pull returns). */
  row(entity: SyncEntity, id: string): Entity | undefined;
  /** The next operation matching `match` is answered as a version clash with the server's row. */
  conflictOn(match: (operation: SyncOperation) => boolean, fields?: string[]): void;
  /** While on, every batch fails with no answer at all (the network is down); pulls still answer. */
  failNetwork(on: boolean): void;
  /** Batches wait until the returned function is called (to see what shows while an edit is unanswered). */
  hold(): () => void;
  /** A change made elsewhere (another person): the next pull brings it. */
  write(entity: SyncEntity, id: string, data: Record<string, unknown>): void;
}

const created = '2030-01-15T10:00:00.000Z';

/**
 * A fetch mock that answers the offline engine as the server would: the full and the
 * delta pulls of `GET /api/sync/changes` (and each kind's list route, which screens read), and `POST /api/sync/batch`, which applies each
 * operation in order (a `tmp-` id becomes the real one, versions rise by one, the merge rule for `base`),
 * keeps the rows so that the next pull returns them, and can be told to clash once or to lose the network.
 */
export function serveWork({
  projects = [makeProject()],
  tasks = [],
  labels = [],
  comments = [],
  handler = () => undefined,
}: WorkServerOptions = {}): WorkServer {
  let changeSeq = 1;
  const rows: Record<SyncEntity, Map<string, Stored>> = {
    project: new Map(projects.map((project) => [project.id, { ...project, changeSeq }])),
    task: new Map(tasks.map((task) => [task.id, { ...task, changeSeq }])),
    comment: new Map(comments.map((comment) => [comment.id, { ...comment, changeSeq }])),
    // Labels share the list route's shape; only their order (by creation) needs a date they lack.
    label: new Map(
      labels.map((label) => [label.id, { ...label, createdAt: '', changeSeq } as unknown as Stored]),
    ),
  };
  const lastSeqs = new Map<string, number>();
  const clashes: Array<{ match: (operation: SyncOperation) => boolean; fields?: string[] }> = [];
  let offline = false;
  let gate: Promise<void> = Promise.resolve();

  const strip = ({ changeSeq: _seq, ...row }: Stored) => row;

  function changed(entity: SyncEntity, since: string | null) {
    const after = since === null ? -1 : Number(since.split('.')[0]);
    return (
      [...rows[entity].values()]
        // A full read of comments keeps their tombstones, as the server's does.
        .filter(
          (row) =>
            row.changeSeq > after && (since !== null || entity === 'comment' || row.deletedAt === null),
        )
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id))
        .map(strip)
    );
  }

  /** A kind's own list route, or (`entity` null) the single catch-up read of every kind. */
  function list(entity: SyncEntity | null, url: URL): Response {
    const since = url.searchParams.get('since');
    const clientId = url.searchParams.get('clientId');
    const body = {
      data: entity ? changed(entity, since) : byKind((kind) => changed(kind, since)),
      cursor: `${changeSeq}.sig`,
      hasMore: false,
      nextAfter: null,
      resetRequired: false,
      ...(clientId && { lastSeq: lastSeqs.get(clientId) ?? 0 }),
    };
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  }

  function apply(operation: SyncOperation): SyncBatchResponse['applied'][number] | SyncConflict {
    const table = rows[operation.entity];
    const id = stripTmpPrefix(operation.id);
    const data = Object.fromEntries(
      Object.entries(operation.data ?? {}).map(([field, value]) => [
        field,
        typeof value === 'string' ? stripTmpPrefix(value) : value,
      ]),
    );
    const row = table.get(id);
    const clash = clashes.findIndex(({ match }) => match(operation));
    const conflict = (reason: SyncConflict['reason'], fields?: string[]): SyncConflict => ({
      seq: operation.seq,
      entity: operation.entity,
      id,
      reason,
      ...(fields && { fields }),
      server: row ? strip(row) : null,
      client: data,
      serverVersion: row?.version ?? null,
      clientVersion: operation.version,
    });
    if (clash >= 0) return conflict('version_mismatch', clashes.splice(clash, 1)[0]!.fields);
    let next: Entity;
    if (operation.op === 'upsert') {
      if (row) return conflict('invalid');
      const defaults =
        operation.entity === 'task'
          ? makeTask({ description: '', status: 'todo', progress: 0, createdBy: 'user-1' })
          : operation.entity === 'comment'
            ? ({
                mentions: mentionedIds(String(data.body ?? '')),
                author: { id: 'user-1', username: 'Moi' },
                deletedAt: null,
              } as Partial<Comment>)
            : operation.entity === 'label'
              ? ({ deletedAt: null } as Partial<Label>)
              : makeProject({ description: '', deadline: null, progress: 0, taskCount: 0 });
      next = { ...defaults, ...data, id, version: 1, createdAt: created, updatedAt: created } as Entity;
    } else {
      if (!row || row.deletedAt) return conflict(row ? 'deleted' : 'not_found');
      if (operation.op === 'delete')
        next = {
          ...strip(row),
          ...(operation.entity === 'comment' && { body: null, mentions: [] }),
          version: row.version + 1,
          deletedAt: created,
        };
      else {
        if (!operation.base && row.version !== operation.version) return conflict('version_mismatch');
        const merged = mergePatch({ server: strip(row), data, base: operation.base });
        if (merged.conflicts.length > 0) return conflict('version_mismatch', merged.conflicts);
        next = { ...strip(row), ...merged.changes, version: row.version + 1 } as Entity;
      }
    }
    table.set(id, { ...next, changeSeq });
    return {
      seq: operation.seq,
      entity: operation.entity,
      id,
      version: next.version,
      ...(operation.id !== id && { tmpId: operation.id }),
    };
  }

  async function batch(request: SyncBatchRequest): Promise<Response> {
    await gate;
    if (offline) throw new TypeError('Failed to fetch');
    const lastSeq = lastSeqs.get(request.clientId) ?? 0;
    const answer: SyncBatchResponse = { applied: [], conflicts: [], lastSeq, changeSeq: (changeSeq += 1) };
    for (const operation of request.operations) {
      if (operation.seq <= lastSeq) continue;
      const result = apply(operation);
      if ('reason' in result) answer.conflicts.push(result);
      else answer.applied.push(result);
      answer.lastSeq = operation.seq;
    }
    lastSeqs.set(request.clientId, answer.lastSeq);
    return new Response(JSON.stringify(answer), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  }

  const calls = mockFetch((call) => {
    const answer = handler(call);
    if (answer) return answer;
    const url = new URL(call.url, 'http://localhost');
    const path = pathOf(call).split('?')[0];
    if (call.method === 'GET' && path === '/projects') return list('project', url);
    if (call.method === 'GET' && path === '/tasks') return list('task', url);
    if (call.method === 'GET' && path === '/comments') return list('comment', url);
    if (call.method === 'GET' && path === '/labels') return list('label', url);
    if (call.method === 'GET' && path === '/sync/changes') return list(null, url);
    if (call.method === 'POST' && path === '/sync/batch') return batch(call.body as SyncBatchRequest);
    return problem(404, 'not_found');
  });

  const batches = () =>
    calls
      .filter((call) => call.method === 'POST' && pathOf(call) === '/sync/batch')
      .map((call) => call.body as SyncBatchRequest);
  return {
    calls,
    batches,
    operations: () => batches().flatMap((request) => request.operations),
    row: (entity, id) => {
      const row = rows[entity].get(id);
      return row && strip(row);
    },
    conflictOn: (match, fields) => void clashes.push({ match, ...(fields && { fields }) }),
    failNetwork: (on) => void (offline = on),
    hold: () => {
      let release = () => undefined as void;
      gate = new Promise<void>((resolve) => (release = resolve));
      return () => {
        release();
        gate = Promise.resolve();
      };
    },
    write: (entity, id, data) => {
      const row = rows[entity].get(id)!;
      rows[entity].set(id, {
        ...row,
        ...data,
        version: row.version + 1,
        changeSeq: (changeSeq += 1),
      } as Stored);
    },
  };
}
