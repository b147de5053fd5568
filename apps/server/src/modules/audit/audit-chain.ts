import { sha256 } from '../../lib/crypto.ts';

/** The fields of an audit row that its hash covers (everything but the id and the hash itself). */
export interface ChainedFields {
  createdAt: Date;
  type: string;
  actorId: string | null;
  actorEmail: string | null;
  actorName: string | null;
  ip: string;
  userAgent: string;
  resource: string | null;
  outcome: 'success' | 'failure';
  details: string;
  metadata: Record<string, unknown>;
  prevHash: string;
}

export const GENESIS_HASH = '0'.repeat(64);

/** JSON with object keys sorted at every level, so that jsonb's own key order does not matter. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export function auditRowHash(row: ChainedFields): string {
  return sha256(
    canonicalJson({
      createdAt: row.createdAt.toISOString(),
      type: row.type,
      actorId: row.actorId,
      actorEmail: row.actorEmail,
      actorName: row.actorName,
      ip: row.ip,
      userAgent: row.userAgent,
      resource: row.resource,
      outcome: row.outcome,
      details: row.details,
      metadata: row.metadata,
      prevHash: row.prevHash,
    }),
  );
}

export type ChainBreak = { id: number; reason: 'hash_mismatch' | 'broken_link' };

/**
 * Walks rows in id order and returns every one that does not match: its own content was changed (hash
 * mismatch), or the row before it was removed or changed (broken link). The walk goes on past a break,
 * from the hash the broken row holds, so tampering further on is found too, not hidden behind the first.
 */
export function findChainBreaks(
  rows: Iterable<ChainedFields & { id: number; hash: string }>,
  previousHash = GENESIS_HASH,
): { breaks: ChainBreak[]; lastHash: string; checked: number } {
  let expectedPrev = previousHash;
  let checked = 0;
  const breaks: ChainBreak[] = [];
  for (const row of rows) {
    if (auditRowHash(row) !== row.hash) breaks.push({ id: row.id, reason: 'hash_mismatch' });
    else if (row.prevHash !== expectedPrev) breaks.push({ id: row.id, reason: 'broken_link' });
    expectedPrev = row.hash;
    checked++;
  }
  return { breaks, lastHash: expectedPrev, checked };
}
