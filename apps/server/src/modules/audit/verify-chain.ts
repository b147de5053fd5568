import { asc, gt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';
import { findChainBreak, GENESIS_HASH, type ChainBreak } from './audit-chain.ts';

const PAGE = 5_000;

/** Walks the whole audit chain page by page (bounded memory) and returns the first break, if any. */
export async function verifyAuditChain(db: Db): Promise<{ checked: number; break: ChainBreak | null }> {
  let lastId = 0;
  let lastHash = GENESIS_HASH;
  let checked = 0;
  for (;;) {
    const rows = await db.select().from(auditLog).where(gt(auditLog.id, lastId)).orderBy(asc(auditLog.id)).limit(PAGE);
    if (rows.length === 0) return { checked, break: null };
    const result = findChainBreak(rows, lastHash);
    checked += result.checked;
    if (result.break) return { checked, break: result.break };
    lastHash = result.lastHash;
    lastId = rows[rows.length - 1]!.id;
  }
}
