import { and, eq, gt, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { ENTITY_VERSION_PATTERN, type ListMeta } from '@jalon/contract';
import type { Db, Tx } from '../../db/client.ts';
import { changeCounter } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import type { SecretBox } from '../../lib/secret-box.ts';

/**
 * Takes the next change sequence for this transaction. Call it first in every transaction that writes a
 * project or a task: the counter row stays locked until commit, so sequences commit in order and a
 * cursor never skips a row that commits late.
 */
export async function nextChangeSeq(tx: Tx): Promise<number> {
  const [row] = await tx
    .update(changeCounter)
    .set({ value: sql`${changeCounter.value} + 1` })
    .where(eq(changeCounter.id, 1))
    .returning({ value: changeCounter.value });
  return row!.value;
}

export async function changePosition(db: Db | Tx): Promise<{ value: number; horizon: number }> {
  const [row] = await db
    .select({ value: changeCounter.value, horizon: changeCounter.horizon })
    .from(changeCounter)
    .where(eq(changeCounter.id, 1));
  return row ?? { value: 0, horizon: 0 };
}

/** A position in the change log: everything up to `seq` was read, and within `seq` up to row `id`. */
export interface ChangeCursor {
  seq: number;
  id: string | null;
}

/** The database's epoch (docs/sync-protocol.md, "The epoch"): made by the first migration, made anew by a restore. */
export async function databaseEpoch(db: Db): Promise<string> {
  const [row] = await db
    .select({ epoch: changeCounter.epoch })
    .from(changeCounter)
    .where(eq(changeCounter.id, 1));
  return row!.epoch;
}

/** After a restore: every cursor issued before it asks its client to read everything again. */
export async function renewDatabaseEpoch(db: Db | Tx): Promise<void> {
  await db
    .update(changeCounter)
    .set({ epoch: sql`gen_random_uuid()` })
    .where(eq(changeCounter.id, 1));
}

/**
 * Cursors are opaque and signed: a client cannot forge one, and one the server did not issue is treated
 * like one that is too old (reset required). The signature covers the database epoch, so a cursor from
 * before a restore no longer verifies. A restore is done with the servers stopped, so the epoch read at
 * start-up is the database's.
 */
export class CursorCodec {
  constructor(
    private readonly box: SecretBox,
    private readonly epoch: string,
  ) {}

  private sign(body: string): string {
    return this.box.keyedHash(`cursor:${this.epoch}:${body}`).slice(0, 22);
  }

  encode(cursor: ChangeCursor): string {
    const body = `${cursor.seq}.${cursor.id ?? ''}`;
    return `${body}.${this.sign(body)}`;
  }

  decode(value: string): ChangeCursor | null {
    const match = /^(\d{1,15})\.([0-9a-f-]{36})?\.([0-9a-f]{22})$/.exec(value);
    if (!match) return null;
    const body = `${match[1]}.${match[2] ?? ''}`;
    if (this.sign(body) !== match[3]) return null;
    return { seq: Number(match[1]), id: match[2] ?? null };
  }

  /**
   * Keyset position of a plain list (created_at desc, id desc), signed the same way. The time is the
   * database's own text with microseconds: a JavaScript Date would round it to milliseconds and repeat rows.
   */
  encodeAfter(createdAt: string, id: string): string {
    const body = `${createdAt}.${id}`;
    return `${Buffer.from(body).toString('base64url')}.${this.box.keyedHash(`after:${body}`).slice(0, 22)}`;
  }

  decodeAfter(value: string): { createdAt: string; id: string } {
    const [encoded, mac] = value.split('.');
    const body = encoded ? Buffer.from(encoded, 'base64url').toString('utf8') : '';
    const match = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z)\.([0-9a-f-]{36})$/.exec(body);
    if (!match || !mac || this.box.keyedHash(`after:${body}`).slice(0, 22) !== mac) {
      throw new AppError(400, 'validation_failed', 'Invalid page position', {
        errors: [{ path: 'after', message: 'invalid' }],
      });
    }
    return { createdAt: match[1]!, id: match[2]! };
  }
}

/** Parses the X-Entity-Version request header: absent, or a non-negative integer. */
export function entityVersionHeader(value: string | string[] | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !ENTITY_VERSION_PATTERN.test(value)) {
    throw new AppError(400, 'validation_failed', 'X-Entity-Version must be a whole number', {
      errors: [{ path: 'headers.x-entity-version', message: 'invalid' }],
    });
  }
  return Number(value);
}

/** The 409 of a write based on a stale version, shaped like a sync conflict so both paths show it alike. */
export function versionConflict(
  server: unknown,
  serverVersion: number,
  client: unknown,
  clientVersion: number,
): AppError {
  return new AppError(409, 'version_conflict', 'The entity was changed since this version', {
    reason: 'version_mismatch',
    server,
    serverVersion,
    client,
    clientVersion,
  });
}

/** The list answer's meta for a position in the change log (no delta paging). */
export const plainMeta = (codec: CursorCodec, seq: number, nextAfter: string | null = null): ListMeta => ({
  cursor: codec.encode({ seq, id: null }),
  hasMore: false,
  nextAfter,
  resetRequired: false,
});

/**
 * Delta reads (docs/sync-protocol.md, "Catch-up reads"): rows whose change sequence is past the cursor, in (changeSeq, id) order, a page
 * at a time. A cursor the server did not issue, or one older than the tombstone horizon, asks for a reset.
 */
export function deltaStart(
  codec: CursorCodec,
  since: string,
  position: { value: number; horizon: number },
): ChangeCursor | null {
  const cursor = codec.decode(since);
  return cursor && servesCursor(cursor, position) ? cursor : null;
}

/** A cursor is served while it is past the purge horizon and not ahead of the counter. */
const servesCursor = (cursor: ChangeCursor, position: { value: number; horizon: number }): boolean =>
  cursor.seq >= position.horizon && cursor.seq <= position.value;

export const deltaWhere = (cursor: ChangeCursor, changeSeq: AnyPgColumn, id: AnyPgColumn): SQL | undefined =>
  cursor.id
    ? or(gt(changeSeq, cursor.seq), and(eq(changeSeq, cursor.seq), gt(id, cursor.id)))
    : gt(changeSeq, cursor.seq);

export const resetMeta = (codec: CursorCodec, seq: number): ListMeta => ({
  ...plainMeta(codec, seq),
  resetRequired: true,
});
