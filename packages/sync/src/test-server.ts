import {
  stripTmpPrefix,
  type SyncApplied,
  type SyncBatchRequest,
  type SyncBatchResponse,
  type SyncConflict,
  type SyncEntity,
  type SyncOperation,
} from '@jalon/contract';
import { byKind } from './kinds.ts';
import { mergePatch } from './merge.ts';
import type { PullPage } from './pull.ts';
import type { Row } from './store.ts';
import type { PullRequest, TransportResponse } from './transport.ts';

type Result = { kind: 'applied'; value: SyncApplied } | { kind: 'conflict'; value: SyncConflict };

/**
 * A reference server for this package's tests: the batch and catch-up reads reduced to what the core relies on
 * (consecutive `seq`s with stored results, the merge rule, versions, tombstones, change cursors). The
 * real server is tested against the same clients by its own property test.
 */
export class TestServer {
  readonly rows: Record<SyncEntity, Map<string, Row & { changeSeq: number }>> = byKind(() => new Map());
  private changeSeq = 0;
  private readonly lastSeqs = new Map<string, number>();
  private readonly results = new Map<string, Result>();

  lastSeq(clientId: string): number {
    return this.lastSeqs.get(clientId) ?? 0;
  }

  batch(request: SyncBatchRequest): TransportResponse {
    const lastSeq = this.lastSeq(request.clientId);
    if ((request.operations[0]?.seq ?? 0) > lastSeq + 1)
      return { status: 409, body: { code: 'out_of_order', lastSeq } };
    this.changeSeq += 1;
    const answer: SyncBatchResponse = { applied: [], conflicts: [], lastSeq, changeSeq: this.changeSeq };
    for (const operation of request.operations) {
      const key = `${request.clientId}:${operation.seq}`;
      if (operation.seq > answer.lastSeq) {
        this.results.set(key, this.apply(operation));
        answer.lastSeq = operation.seq;
      }
      const result = this.results.get(key)!;
      if (result.kind === 'applied') answer.applied.push(result.value);
      else answer.conflicts.push(result.value);
    }
    this.lastSeqs.set(request.clientId, answer.lastSeq);
    return { status: 200, body: answer };
  }

  pull({ since, clientId }: PullRequest): PullPage {
    const after = since === null ? -1 : Number(since.split('.')[0]);
    const changed = (entity: SyncEntity) =>
      [...this.rows[entity].values()]
        .filter((row) => row.changeSeq > after && (since !== null || !row.deletedAt))
        .map(({ changeSeq: _seq, ...row }) => row);
    return {
      rows: byKind(changed),
      cursor: `${this.changeSeq}..sig`,
      hasMore: false,
      lastSeq: this.lastSeq(clientId),
      resetRequired: false,
    };
  }

  /** A write from elsewhere (another person, the REST API). */
  write(entity: SyncEntity, id: string, data: Record<string, unknown>): void {
    this.changeSeq += 1;
    const row = this.rows[entity].get(id)!;
    this.rows[entity].set(id, { ...row, ...data, version: row.version + 1, changeSeq: this.changeSeq });
  }

  private apply(operation: SyncOperation): Result {
    const table = this.rows[operation.entity];
    const id = stripTmpPrefix(operation.id);
    const data = resolved(operation.data ?? {});
    const base = operation.base && resolved(operation.base);
    const row = table.get(id);
    const conflict = (reason: SyncConflict['reason'], fields?: string[]): Result => ({
      kind: 'conflict',
      value: {
        seq: operation.seq,
        entity: operation.entity,
        id,
        reason,
        ...(fields && { fields }),
        server: row ?? null,
        client: data,
        serverVersion: row?.version ?? null,
        clientVersion: operation.version,
      },
    });
    const write = (values: Row, unchanged = false): Result => {
      if (!unchanged) table.set(id, { ...values, changeSeq: this.changeSeq });
      const applied = {
        seq: operation.seq,
        entity: operation.entity,
        id,
        version: values.version,
        ...(operation.id !== id && { tmpId: operation.id }),
      };
      return { kind: 'applied', value: applied };
    };
    // A reference must name a live row when the operation is applied.
    const project = typeof data.project === 'string' ? this.rows.project.get(data.project) : undefined;
    if (operation.entity === 'task' && 'project' in data && (!project || project.deletedAt))
      return conflict('invalid');
    if (operation.op === 'upsert')
      return row ? conflict('invalid') : write({ ...data, id, version: 1, deletedAt: null });
    if (!row || row.deletedAt) return conflict(row ? 'deleted' : 'not_found');
    if (operation.op === 'delete')
      return row.version === operation.version
        ? write({ ...row, version: row.version + 1, deletedAt: 'deleted' })
        : conflict('version_mismatch');
    if (!base && row.version !== operation.version) return conflict('version_mismatch');
    const { conflicts, changes } = mergePatch({ server: row, data, base });
    if (conflicts.length > 0) return conflict('version_mismatch', conflicts);
    // A merged row equal to the server's is applied without a new version.
    const unchanged = Object.keys(changes).length === 0;
    return write(unchanged ? row : { ...row, ...changes, version: row.version + 1 }, unchanged);
  }
}

/** References as the server resolves them before comparing, in `data` and in `base` alike. */
function resolved(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(fields).map(([field, value]) => [
      field,
      typeof value === 'string' ? stripTmpPrefix(value) : value,
    ]),
  );
}
