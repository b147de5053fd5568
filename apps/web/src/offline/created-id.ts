import { isTmpId, stripTmpPrefix } from '@jalon/contract/plain';

/**
 * An id held by a screen (a chosen project, the address of a project page), followed across its row's
 * creation on the server: a row made on this device is `tmp-<uuid>` until the server has it, then `<uuid>`
 * (docs/sync-protocol.md, "Ids made on the device"). Answers the id the row has now among `rows`, or `id` itself when nothing was renamed.
 */
export function followCreatedId(id: string, rows: readonly { id: string }[]): string {
  if (!isTmpId(id) || rows.some((row) => row.id === id)) return id;
  const serverId = stripTmpPrefix(id);
  return rows.some((row) => row.id === serverId) ? serverId : id;
}
