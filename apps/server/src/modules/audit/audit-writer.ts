import { desc, sql } from 'drizzle-orm';
import type { AuditType } from '@jalon/contract';
import type { Tx } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';
import { auditRowHash, GENESIS_HASH } from './audit-chain.ts';
import { storedJson, storedText } from './stored-form.ts';

/** Who did it and from where; built from the request by `requestContext`. */
export interface AuditActor {
  id: string | null;
  email: string | null;
  name: string | null;
  ip: string;
  userAgent: string;
  /** `token`: the request was signed in with a personal access token; recorded in every row's metadata. */
  via?: 'token';
}

export interface AuditEntry {
  type: AuditType | `${'auth' | 'security' | 'project' | 'task'}.${string}`;
  actor: AuditActor;
  outcome: 'success' | 'failure';
  resource?: string | null;
  details?: string;
  metadata?: Record<string, unknown>;
}

// Every audited transaction takes this lock before reading the last hash, so the chain is linear
// even when many transactions commit at once. It is held only until that transaction ends.
const AUDIT_CHAIN_LOCK = 7_356_002;
const USER_AGENT_MAX = 256;
const DETAILS_MAX = 2_000;
// eslint-disable-next-line no-control-regex -- the control characters are what it looks for
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

/**
 * Keeps log rows printable: control characters are escaped, long values cut, in their
 * stored form (a cut that splits a surrogate pair would otherwise be stored as U+FFFD and never verify).
 */
export function sanitiseText(value: string, max: number): string {
  const escaped = value.replace(
    CONTROL_CHARACTERS,
    (char) => `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`,
  );
  return storedText(escaped.length > max ? `${escaped.slice(0, max)}…` : escaped);
}

/**
 * Appends one row to the hash-chained audit log. Call it with the transaction that makes the change
 * it records, so that the change and its audit row commit or fail together.
 */
export async function appendAudit(tx: Tx, entry: AuditEntry): Promise<typeof auditLog.$inferSelect> {
  const [inserted] = await appendAudits(tx, [entry]);
  return inserted!;
}

/**
 * Appends rows in order, chained to the last one and to each other, in one insert: a sync batch audits
 * each of its operations without one round trip per row.
 */
export async function appendAudits(
  tx: Tx,
  entries: AuditEntry[],
): Promise<Array<typeof auditLog.$inferSelect>> {
  if (entries.length === 0) return [];
  await tx.execute(sql`select pg_advisory_xact_lock(${AUDIT_CHAIN_LOCK})`);
  const [last] = await tx.select({ hash: auditLog.hash }).from(auditLog).orderBy(desc(auditLog.id)).limit(1);
  let prevHash = last?.hash ?? GENESIS_HASH;
  const rows = entries.map((entry) => {
    const row = {
      createdAt: new Date(),
      // Every text in the form the database keeps, so the hash covers exactly what is stored.
      type: storedText(entry.type),
      actorId: entry.actor.id,
      actorEmail: entry.actor.email === null ? null : storedText(entry.actor.email),
      actorName: entry.actor.name === null ? null : storedText(entry.actor.name),
      ip: sanitiseText(entry.actor.ip, 64),
      userAgent: sanitiseText(entry.actor.userAgent, USER_AGENT_MAX),
      resource: entry.resource == null ? null : storedText(entry.resource),
      outcome: entry.outcome,
      details: sanitiseText(entry.details ?? '', DETAILS_MAX),
      // Through JSON once (no Dates, no undefined), then every key and string in its stored form.
      metadata: storedJson(
        JSON.parse(
          JSON.stringify({ ...entry.metadata, ...(entry.actor.via ? { via: entry.actor.via } : {}) }),
        ),
      ) as Record<string, unknown>,
      prevHash,
    };
    const hash = auditRowHash(row);
    prevHash = hash;
    return { ...row, hash };
  });
  // Ids are given in the order of the rows, so the chain reads back in the order it was made.
  return tx.insert(auditLog).values(rows).returning();
}
