import { SYNC, SYNC_SCHEMA_VERSION } from '@jalon/contract';
import type { Member } from '../auth/member.ts';

/** A sync operation before its place in the batch (`seq`) is given. */
export type SeedOperation = Record<string, unknown> & { entity: string; op: string; id: string };

/** The member's user id, which a sync batch names. */
export async function userIdOf(baseUrl: string, member: Member): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/me`, { headers: member.headers });
  const me = (await response.json()) as { data: { user: { id: string } } };
  return me.data.user.id;
}

/** A project made with a `tmp-` id, as a device makes one, due in a month. */
export const projectUpsert = (tmpId: string, name: string, description = ''): SeedOperation => ({
  entity: 'project',
  op: 'upsert',
  id: tmpId,
  version: 0,
  data: { name, description, deadline: new Date(Date.now() + 30 * 86_400_000).toISOString() },
});

/**
 * Sends the operations as one new device would, in order, the protocol's batch size at a time: the
 * quickest way in that is also a real client. Any conflict stops the seeding.
 */
export async function sendInBatches(
  baseUrl: string,
  member: Member,
  operations: readonly SeedOperation[],
  clientId: string,
): Promise<void> {
  const userId = await userIdOf(baseUrl, member);
  for (let start = 0, seq = 1; start < operations.length; start += SYNC.batchSize) {
    const slice = operations
      .slice(start, start + SYNC.batchSize)
      .map((operation) => ({ ...operation, seq: seq++ }));
    const response = await fetch(`${baseUrl}/api/sync/batch`, {
      method: 'POST',
      headers: { ...member.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ schemaVersion: SYNC_SCHEMA_VERSION, clientId, userId, operations: slice }),
    });
    const answer = (await response.json()) as { data: { conflicts: unknown[] } };
    if (!response.ok || answer.data.conflicts.length > 0)
      throw new Error(`seeding answered ${response.status}: ${JSON.stringify(answer).slice(0, 300)}`);
  }
}
