import { isTmpId, stripTmpPrefix, type SyncEntity } from '@jalon/contract';
import type { OutboxEntry } from './outbox.ts';
import type { Row } from './store.ts';
import { keepsTombstones, tombstoneOf } from './tombstones.ts';

/**
 * What the person sees (docs/sync-protocol.md): the server rows with this device's entries replayed on top in
 * outbox order, acked ones included until a pull covers them, so an edit never flickers back to the old
 * value nor stays stale. An acked entry whose row the server already shows at its version (or later) is
 * in that row and is not replayed again, so a newer write from elsewhere wins. Shown versions only rise.
 */
export function computeView(rows: readonly Row[], outbox: readonly OutboxEntry[], entity: SyncEntity): Row[] {
  const kept = keepsTombstones(entity);
  const view = new Map(rows.filter((row) => kept || !row.deletedAt).map((row) => [row.id, row]));
  const fromServer = new Set(view.keys());
  for (const entry of outbox) {
    if (entry.entity !== entity) continue;
    const id = serverIdOf(entry.id, fromServer);
    // Its create is what made the server row: the row shows it, and a second row beside it would be the same entity.
    if (id !== entry.id && entry.op === 'upsert') continue;
    const row = view.get(id);
    if (
      entry.state === 'acked' &&
      row &&
      entry.ackedVersion !== undefined &&
      row.version >= entry.ackedVersion
    )
      continue;
    const replayed = replay(row, { ...entry, id }, kept);
    if (replayed) view.set(id, replayed);
    else view.delete(id);
  }
  return [...view.values()];
}

/**
 * A row created here is read back from the server (a pull) before the batch answer that renames its
 * `tmp-<uuid>` entries to the uuid is stored: the server created it under that uuid, so the entries
 * already name that row. Answers the id an entry's edits show under.
 */
function serverIdOf(id: string, fromServer: ReadonlySet<string>): string {
  const serverId = stripTmpPrefix(id);
  return isTmpId(id) && fromServer.has(serverId) ? serverId : id;
}

function replay(row: Row | undefined, entry: OutboxEntry, keepsTombstone: boolean): Row | undefined {
  if (entry.op === 'delete')
    return keepsTombstone && row ? tombstoneOf(row, row.deletedAt ?? entry.createdAt) : undefined;
  // A patch on a row the server deleted has nothing to show; an upsert (re)creates it.
  if (entry.op === 'patch' && !row) return undefined;
  // Nor does a patch on a kept tombstone: its text is gone for good.
  if (row?.deletedAt) return row;
  const version = Math.max(row?.version ?? entry.baseVersion, entry.ackedVersion ?? 0);
  return { ...row, ...entry.data, id: entry.id, version };
}
