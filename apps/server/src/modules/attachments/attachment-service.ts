import type { Readable } from 'node:stream';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import { AUDIT_TYPES, type Attachment } from '@jalon/contract';
import type { Db, Tx } from '../../db/client.ts';
import { attachments, tasks, users } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { appendAudit, type AuditActor } from '../audit/audit-writer.ts';
import type { Viewer } from '../projects/policy.ts';
import type { FileStorage, StagedFile } from './file-storage.ts';

export type AttachmentRow = typeof attachments.$inferSelect & { uploaderName: string };

/** Sent when the content says nothing of its type (plain text, HTML…): a download like any other. */
const UNKNOWN_TYPE = 'application/octet-stream';

export const fileTooLarge = (maxBytes: number) =>
  new AppError(413, 'file_too_large', `The file is larger than the limit of ${maxBytes} bytes`);
const storageFull = () =>
  new AppError(
    413,
    'storage_full',
    'The files of this instance have reached their total limit (FILES_MAX_GB)',
  );

/** The bytes kept for every attachment, each content counted once (the same file twice is stored once). */
async function storedBytes(db: Db | Tx): Promise<number> {
  const result = await db.execute<{ total: string | null }>(
    sql`select sum(size)::text as total from (select distinct on (sha256) size from attachments) kept`,
  );
  return Number(result.rows[0]?.total ?? 0);
}

const present = (row: AttachmentRow): Attachment => ({
  id: row.id,
  taskId: row.taskId,
  name: row.name,
  size: row.size,
  contentType: row.contentType,
  sha256: row.sha256,
  uploadedBy: { id: row.uploadedBy, username: row.uploaderName },
  createdAt: row.createdAt.toISOString(),
});

/**
 * One lock per content, taken by the transaction that adds a row for it and by the one that removes the
 * last row (and then the content): a content is never removed under an attachment being added.
 */
const lockContent = (tx: Tx, sha256: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`attachment:${sha256}`}))`);

/**
 * Files attached to tasks. Online only (not a sync entity); each row is written in a transaction with its
 * audit row, which names the file and its size, never its content. Who may see a task may see its files;
 * the routes check the task first (a deleted or unknown one answers 404).
 */
export class AttachmentService {
  constructor(
    private readonly db: Db,
    private readonly storage: FileStorage,
    private readonly limits: { maxBytes: number; totalBytes: number },
  ) {}

  private rows() {
    return this.db
      .select({
        id: attachments.id,
        taskId: attachments.taskId,
        name: attachments.name,
        size: attachments.size,
        contentType: attachments.contentType,
        sha256: attachments.sha256,
        uploadedBy: attachments.uploadedBy,
        createdAt: attachments.createdAt,
        uploaderName: users.username,
      })
      .from(attachments)
      .innerJoin(users, eq(users.id, attachments.uploadedBy))
      .innerJoin(tasks, eq(tasks.id, attachments.taskId));
  }

  async list(taskId: string): Promise<Attachment[]> {
    const rows = await this.rows()
      .where(eq(attachments.taskId, taskId))
      .orderBy(asc(attachments.createdAt), asc(attachments.id));
    return rows.map(present);
  }

  /** An attachment of a task that exists and is not deleted: anything else is 404 alike. */
  async find(id: string): Promise<AttachmentRow> {
    const [row] = await this.rows().where(and(eq(attachments.id, id), isNull(tasks.deletedAt)));
    if (!row) throw notFound('Attachment');
    return row;
  }

  /**
   * Refuses an upload at once when the instance is full already. Whether a file fits is only known once it
   * is read (the same content again takes no room), so `add` checks again with its size.
   */
  async checkRoom(): Promise<void> {
    if ((await storedBytes(this.db)) >= this.limits.totalBytes) throw storageFull();
  }

  /**
   * Streams the file to storage (never whole in memory), then records it under the task with its audit
   * row. A stream cut or past the limit leaves no content and no row.
   */
  async add(
    viewer: Viewer,
    actor: AuditActor,
    taskId: string,
    name: string,
    source: Readable,
  ): Promise<Attachment> {
    const staged = await this.storage.stage(source, this.limits.maxBytes);
    let committed = false;
    try {
      const sniffed = await fileTypeFromBuffer(staged.head);
      const contentType = sniffed?.mime ?? UNKNOWN_TYPE;
      const id = await this.db.transaction(async (tx) => {
        await lockContent(tx, staged.sha256);
        const [task] = await tx
          .select({ id: tasks.id })
          .from(tasks)
          .where(and(eq(tasks.id, taskId), isNull(tasks.deletedAt)))
          .for('share');
        if (!task) throw notFound('Task');
        await this.checkFits(tx, staged);
        const [row] = await tx
          .insert(attachments)
          .values({
            taskId,
            name,
            size: staged.size,
            contentType,
            sha256: staged.sha256,
            uploadedBy: viewer.userId,
          })
          .returning({ id: attachments.id });
        await appendAudit(tx, {
          type: AUDIT_TYPES.taskAttachmentAdded,
          actor,
          outcome: 'success',
          resource: `task:${taskId}`,
          details: `Fichier joint : ${name}`,
          metadata: { attachment: row!.id, name, size: staged.size, contentType },
        });
        // Inside the transaction and its lock: the content is in place before the row can be seen.
        await staged.commit();
        committed = true;
        return row!.id;
      });
      return present(await this.find(id));
    } catch (error) {
      if (committed) await this.removeIfUnused(staged.sha256);
      else await staged.discard();
      throw error;
    }
  }

  /** With the upload's size known: refused when the instance's total would pass FILES_MAX_GB. */
  private async checkFits(tx: Tx, staged: StagedFile): Promise<void> {
    const [known] = await tx
      .select({ id: attachments.id })
      .from(attachments)
      .where(eq(attachments.sha256, staged.sha256))
      .limit(1);
    if (known) return;
    if ((await storedBytes(tx)) + staged.size > this.limits.totalBytes) throw storageFull();
  }

  /** By its uploader or an administrator; the content goes with the last attachment that names it. */
  async remove(viewer: Viewer, actor: AuditActor, id: string): Promise<void> {
    const row = await this.find(id);
    if (!viewer.isAdmin && row.uploadedBy !== viewer.userId)
      throw new AppError(403, 'forbidden', 'Only the uploader or an administrator may remove this file');
    await this.db.transaction(async (tx) => {
      await lockContent(tx, row.sha256);
      const deleted = await tx
        .delete(attachments)
        .where(eq(attachments.id, id))
        .returning({ id: attachments.id });
      if (deleted.length === 0) throw notFound('Attachment');
      await appendAudit(tx, {
        type: AUDIT_TYPES.taskAttachmentRemoved,
        actor,
        outcome: 'success',
        resource: `task:${row.taskId}`,
        details: `Fichier retiré : ${row.name}`,
        metadata: { attachment: row.id, name: row.name, size: row.size },
      });
    });
    await this.removeIfUnused(row.sha256);
  }

  /** Contents whose attachments went with their tasks (the tombstone purge): removed unless still named. */
  async releaseContents(sha256s: string[]): Promise<void> {
    for (const sha256 of sha256s) await this.removeIfUnused(sha256);
  }

  /**
   * Removes a content no attachment names any more (after a removal, or an add that failed once its
   * content was in place). An add of the same content waiting on the lock puts its own copy back after.
   */
  private async removeIfUnused(sha256: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await lockContent(tx, sha256);
      const [other] = await tx
        .select({ id: attachments.id })
        .from(attachments)
        .where(eq(attachments.sha256, sha256))
        .limit(1);
      if (!other) await this.storage.remove(sha256);
    });
  }

  open(row: AttachmentRow): Promise<Readable> {
    return this.storage.open(row.sha256);
  }
}
