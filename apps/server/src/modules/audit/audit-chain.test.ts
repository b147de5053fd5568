import { describe, expect, it } from 'vitest';
import { auditRowHash, findChainBreaks, GENESIS_HASH, type ChainedFields } from './audit-chain.ts';

/** Five chained rows, ids 1 to 5. */
function chain() {
  const rows: Array<ChainedFields & { id: number; hash: string }> = [];
  let prevHash = GENESIS_HASH;
  for (let id = 1; id <= 5; id++) {
    const fields: ChainedFields = {
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, id)),
      type: 'auth.test',
      actorId: null,
      actorEmail: null,
      actorName: null,
      ip: '127.0.0.1',
      userAgent: 'vitest',
      resource: null,
      outcome: 'success',
      details: `row ${id}`,
      metadata: {},
      prevHash,
    };
    prevHash = auditRowHash(fields);
    rows.push({ ...fields, id, hash: prevHash });
  }
  return rows;
}

describe('findChainBreaks', () => {
  it('finds nothing in an intact chain', () => {
    expect(findChainBreaks(chain())).toMatchObject({ breaks: [], checked: 5 });
  });

  it('goes on past the first break: two edited rows and a removed one are all named', () => {
    const rows = chain();
    rows[1]!.details = 'edited';
    rows[3]!.details = 'edited too';
    const withoutThird = rows.filter((row) => row.id !== 3);
    expect(findChainBreaks(withoutThird).breaks).toEqual([
      { id: 2, reason: 'hash_mismatch' },
      { id: 4, reason: 'hash_mismatch' },
    ]);
    expect(findChainBreaks(chain().filter((row) => row.id !== 3)).breaks).toEqual([
      { id: 4, reason: 'broken_link' },
    ]);
  });
});
