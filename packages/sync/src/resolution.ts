import { jsonEqual } from './json-equal.ts';
import type { ConflictRecord } from './conflict-record.ts';
import type { Fields } from './merge.ts';
import type { NewEntry, OutboxEntry } from './outbox.ts';

/** The conflict panel's actions: `merge` carries the JSON text the person edited. */
export type Resolution =
  | { action: 'markResolved' }
  | { action: 'applyServer' }
  | { action: 'replayClient' }
  | { action: 'merge'; json: string };

/** Thrown by a resolution that cannot be carried out; `code` says why, the UI words it. */
export class ResolutionError extends Error {
  constructor(
    readonly code: 'invalid_json' | 'no_server_data' | 'no_original_data' | 'already_resolved',
    message: string,
  ) {
    super(message);
    this.name = 'ResolutionError';
  }
}

export interface ResolutionOutcome {
  record: ConflictRecord;
  /** The write the resolution makes, if any: a new entry at the server's version. */
  edit: Omit<NewEntry, 'localId' | 'createdAt'> | null;
  /** `applyServer`: the server row to show at once (the store keeps it if it is not older than its own). */
  serverRow: Fields | null;
}

/**
 * Settles a conflict (docs/sync-protocol.md, "Conflicts"). Marking it resolved writes nothing; applying the server
 * version writes nothing either (the server already holds it: the device only shows it); replaying the
 * original data and a manual merge write a new entry at the server's version with `base` the server's
 * values for the fields written, so the server merges it by the usual rule against any later change. A
 * create the server never applied is replayed as the same create (same `tmp-` id, which later entries
 * name). Once resolved, the entries it held are numbered with the next batch.
 */
export function resolveConflict(
  record: ConflictRecord,
  resolution: Resolution,
  now: string,
): ResolutionOutcome {
  if (record.resolved) throw new ResolutionError('already_resolved', 'This conflict is already resolved');
  const resolved = { ...record, resolved: true, resolvedAt: now };
  switch (resolution.action) {
    case 'markResolved':
      return { record: resolved, edit: null, serverRow: null };
    case 'applyServer':
      if (!record.serverData)
        throw new ResolutionError('no_server_data', 'The server sent no data for this conflict');
      return { record: resolved, edit: null, serverRow: record.serverData };
    case 'replayClient':
      if (record.op !== 'delete' && Object.keys(record.originalData).length === 0)
        throw new ResolutionError('no_original_data', 'Nothing to replay');
      return { record: resolved, edit: rewrite(record, record.op, record.originalData), serverRow: null };
    case 'merge': {
      const data = parseObject(resolution.json);
      const changed = record.serverData ? changedFields(data, record.serverData) : data;
      if (Object.keys(changed).length === 0) return { record: resolved, edit: null, serverRow: null };
      return {
        record: resolved,
        edit: rewrite(record, record.serverData ? 'patch' : 'upsert', changed),
        serverRow: null,
      };
    }
  }
}

/** The resolution's write: at the server's version, based on the server's values when there is a row. */
function rewrite(record: ConflictRecord, op: OutboxEntry['op'], data: Fields): ResolutionOutcome['edit'] {
  const server = record.serverData;
  const writesOverRow = op === 'patch' && server;
  return {
    entity: record.entity,
    op,
    id: record.entityId,
    baseVersion: record.serverVersion ?? 0,
    data: op === 'delete' ? {} : data,
    ...(writesOverRow && {
      base: Object.fromEntries(Object.keys(data).map((field) => [field, server[field] ?? null])),
    }),
  };
}

function changedFields(data: Fields, server: Fields): Fields {
  return Object.fromEntries(
    Object.entries(data).filter(([field, value]) => !jsonEqual(value, server[field])),
  );
}

/** The edited text as an object; the error's message is the parser's, shown after 'JSON invalide: '. */
function parseObject(json: string): Fields {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    throw new ResolutionError('invalid_json', (error as Error).message);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new ResolutionError('invalid_json', 'A JSON object is expected');
  return value as Fields;
}
