import type { ConflictReason, SyncConflict, SyncEntity, SyncOp } from '@jalon/contract';
import type { Fields } from './merge.ts';
import type { OutboxEntry } from './outbox.ts';

/** A conflict as the device keeps it until the person settles it (docs/sync-protocol.md, "Conflicts"). */
export interface ConflictRecord {
  /** `<clientId>:<seq>`: an answer received twice (resent after a crash) records the conflict once. */
  id: string;
  entity: SyncEntity;
  /** The entity as the device names it (`tmp-<uuid>` for a create the server never applied). */
  entityId: string;
  clientId: string;
  seq: number;
  /** The operation that conflicted, which "replay" sends again. */
  op: SyncOp;
  reason: ConflictReason;
  /** `version_mismatch`: the fields both sides changed to different values, when the server knows them. */
  fields?: string[];
  /** `depends_on_conflict`: the `seq` of the earlier operation that conflicted. */
  cause?: number;
  /** `invalid`: what was wrong. */
  detail?: string;
  serverVersion: number | null;
  clientVersion: number;
  /** The server's row at answer time (null when there is none): what "apply the server version" shows. */
  serverData: Fields | null;
  /** What the server received (`client` of the answer, ids resolved). */
  clientData: Fields;
  /** The edit as the person made it: what "replay" sends again. */
  originalData: Fields;
  resolved: boolean;
  resolvedAt: string | null;
  createdAt: string;
}

export function conflictRecord(
  entry: OutboxEntry & { seq: number },
  answer: SyncConflict,
  clientId: string,
  createdAt: string,
): ConflictRecord {
  return {
    id: `${clientId}:${entry.seq}`,
    entity: entry.entity,
    entityId: entry.id,
    clientId,
    seq: entry.seq,
    op: entry.op,
    reason: answer.reason,
    ...(answer.fields && { fields: answer.fields }),
    ...(answer.cause !== undefined && { cause: answer.cause }),
    ...(answer.detail !== undefined && { detail: answer.detail }),
    serverVersion: answer.serverVersion,
    clientVersion: answer.clientVersion,
    serverData: isFields(answer.server) ? answer.server : null,
    clientData: isFields(answer.client) ? answer.client : entry.data,
    originalData: entry.data,
    resolved: false,
    resolvedAt: null,
    createdAt,
  };
}

const isFields = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
