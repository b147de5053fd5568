import { verifyAuditChain } from '../modules/audit/verify-chain.ts';
import { runCli, withCliDatabase } from './cli-database.ts';

/** `npm run audit:verify`: checks the hash chain of the audit log and names the first broken row (S33). */
runCli(async () => {
  await withCliDatabase(async ({ db }) => {
    const result = await verifyAuditChain(db);
    if (result.break) {
      const what = result.break.reason === 'hash_mismatch' ? 'its content was changed' : 'the row before it was changed or removed';
      throw new Error(`Audit chain broken at row ${result.break.id}: ${what}. ${result.checked} row(s) before it are intact.`);
    }
    console.log(`Audit chain intact: ${result.checked} row(s) verified.`);
  });
});
