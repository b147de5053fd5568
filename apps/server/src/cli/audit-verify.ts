import { asc, gt } from 'drizzle-orm';
import { auditLog } from '../db/schema.ts';
import { findChainBreak, GENESIS_HASH } from '../modules/audit/audit-chain.ts';
import { runCli, withCliDatabase } from './cli-database.ts';

const PAGE = 5_000;

/** Walks the whole audit chain page by page and names the first row that breaks it (S33). */
runCli(async () => {
  await withCliDatabase(async ({ db }) => {
    let lastId = 0;
    let lastHash = GENESIS_HASH;
    let total = 0;
    for (;;) {
      const rows = await db.select().from(auditLog).where(gt(auditLog.id, lastId)).orderBy(asc(auditLog.id)).limit(PAGE);
      if (rows.length === 0) break;
      const result = findChainBreak(rows, lastHash);
      total += result.checked;
      if (result.break) {
        const what = result.break.reason === 'hash_mismatch' ? 'its content was changed' : 'the row before it was changed or removed';
        throw new Error(`Audit chain broken at row ${result.break.id}: ${what}. ${total} row(s) before it are intact.`);
      }
      lastHash = result.lastHash;
      lastId = rows[rows.length - 1]!.id;
    }
    console.log(`Audit chain intact: ${total} row(s) verified.`);
  });
});
