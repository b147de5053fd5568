import { describeBreaks, verifyAuditChain } from '../modules/audit/verify-chain.ts';
import { runCli, withCliDatabase } from './cli-database.ts';

/** `npm run audit:verify`: checks the hash chain of the audit log and names every broken row (S33). */
runCli(async () => {
  await withCliDatabase(async ({ db }) => {
    const result = await verifyAuditChain(db);
    if (result.break) throw new Error(describeBreaks(result));
    console.log(`Audit chain intact: ${result.checked} row(s) verified.`);
  });
});
