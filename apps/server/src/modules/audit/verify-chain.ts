import { asc, gt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';
import { findChainBreaks, GENESIS_HASH, type ChainBreak } from './audit-chain.ts';

const PAGE = 5_000;
/** Broken rows kept by id; beyond this only their number grows (memory stays bounded). */
export const LISTED_BREAKS = 1_000;

export interface ChainReport {
  /** Rows read. */
  checked: number;
  /** How many rows do not verify. */
  broken: number;
  /** The first of them (null: the chain is intact). */
  break: ChainBreak | null;
  /** The first LISTED_BREAKS of them, in id order. */
  breaks: ChainBreak[];
}

/** Walks the whole audit chain page by page (bounded memory) and reports every broken row. */
export async function verifyAuditChain(db: Db): Promise<ChainReport> {
  let lastId = 0;
  let lastHash = GENESIS_HASH;
  const report: ChainReport = { checked: 0, broken: 0, break: null, breaks: [] };
  for (;;) {
    const rows = await db
      .select()
      .from(auditLog)
      .where(gt(auditLog.id, lastId))
      .orderBy(asc(auditLog.id))
      .limit(PAGE);
    if (rows.length === 0) return report;
    const page = findChainBreaks(rows, lastHash);
    report.checked += page.checked;
    report.broken += page.breaks.length;
    report.breaks.push(...page.breaks.slice(0, LISTED_BREAKS - report.breaks.length));
    report.break ??= page.breaks[0] ?? null;
    lastHash = page.lastHash;
    lastId = rows[rows.length - 1]!.id;
  }
}

const REASONS: Record<ChainBreak['reason'], string> = {
  hash_mismatch: 'its content was changed',
  broken_link: 'the row before it was changed or removed',
};

/** The lines `npm run audit:verify` and `npm run restore` print about a broken chain: how many, and which. */
export function describeBreaks(report: ChainReport): string {
  const lines = [`Audit chain broken: ${report.broken} of ${report.checked} row(s) do not verify.`];
  for (const item of report.breaks) lines.push(`  row ${item.id}: ${REASONS[item.reason]}`);
  if (report.broken > report.breaks.length)
    lines.push(`  … and ${report.broken - report.breaks.length} more after row ${report.breaks.at(-1)!.id}`);
  return lines.join('\n');
}
