import { Readable } from 'node:stream';
import { and, asc, eq, gt, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { PgColumn, PgSelect } from 'drizzle-orm/pg-core';
import { EXPORT_PAGE_SIZE, type ExportDocument, type TaskPriority, type TaskStatus } from '@jalon/contract';
import type { Db } from '../../db/client.ts';
import { comments, labels, projects, tasks, users } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import type { Viewer } from '../projects/policy.ts';
import { CSV_BOM, csvRow } from '../audit/csv.ts';
import { PRIORITY_NAMES, STATUS_NAMES } from './status-names.ts';

type Section = Exclude<keyof ExportDocument, 'format' | 'version' | 'exportedAt'>;

const iso = (date: Date | null) => date?.toISOString() ?? null;

/**
 * Every row of one statement, read a page at a time in the order of `id` (keyset: each page starts after
 * the last id of the one before), so only one page is ever held in memory.
 */
async function* pages<Row extends { id: string }>(
  read: (after: string | null, limit: number) => Promise<Row[]>,
): AsyncGenerator<Row[]> {
  let after: string | null = null;
  for (;;) {
    const rows = await read(after, EXPORT_PAGE_SIZE);
    if (rows.length > 0) yield rows;
    if (rows.length < EXPORT_PAGE_SIZE) return;
    after = rows[rows.length - 1]!.id;
  }
}

/** `where` for a page: the section's own condition, and after the previous page's last id. */
const pageOf = <Q extends PgSelect>(
  query: Q,
  id: PgColumn,
  condition: SQL | undefined,
  after: string | null,
  limit: number,
) =>
  query
    .where(and(condition, after ? gt(id, after) : undefined))
    .orderBy(asc(id))
    .limit(limit);

/**
 * 'Exporter': the export document (`GET /api/export`), written as it is read, and a project's tasks as CSV.
 * One instance is one team and every member reads every project (projects/policy.ts), so a member's export
 * holds the same projects, tasks, labels and comments as an administrator's; only an administrator's
 * names the members' e-mails. Each page is its own statement rather than one long transaction (on PGlite a
 * transaction holds the only connection): a row changed while the export runs may appear as it was before
 * or after, and a task whose project was deleted meanwhile may be left out.
 */
export class ExportService {
  constructor(private readonly db: Db) {}

  /** The JSON document, as a stream of text chunks: one page of rows per chunk. */
  document(viewer: Viewer, now = new Date()): Readable {
    const sections = this.sections(viewer);
    return Readable.from(
      (async function* () {
        yield `{"format":"jalon","version":1,"exportedAt":${JSON.stringify(now.toISOString())}`;
        for (const [name, rows] of sections) {
          yield `,${JSON.stringify(name)}:[`;
          let first = true;
          for await (const page of rows) {
            const text = page.map((row) => JSON.stringify(row)).join(',');
            yield first ? text : `,${text}`;
            first = false;
          }
          yield ']';
        }
        yield '}\n';
      })(),
      // One page waits at most while the socket drains (Readable.from would otherwise read 16 ahead).
      { highWaterMark: 1 },
    );
  }

  private sections(viewer: Viewer): Array<[Section, AsyncIterable<unknown[]>]> {
    const db = this.db;
    return [
      [
        'members',
        mapped(
          pages((after, limit) =>
            pageOf(
              db
                .select({
                  id: users.id,
                  username: users.username,
                  email: users.email,
                  role: users.role,
                  deactivatedAt: users.deactivatedAt,
                })
                .from(users)
                .$dynamic(),
              users.id,
              undefined,
              after,
              limit,
            ),
          ),
          (row) => ({
            id: row.id,
            username: row.username,
            ...(viewer.isAdmin ? { email: row.email } : {}),
            role: row.role,
            active: row.deactivatedAt === null,
          }),
        ),
      ],
      [
        'labels',
        mapped(
          pages((after, limit) =>
            pageOf(
              db.select({ id: labels.id, name: labels.name, color: labels.color }).from(labels).$dynamic(),
              labels.id,
              isNull(labels.deletedAt),
              after,
              limit,
            ),
          ),
          (row) => row,
        ),
      ],
      [
        'projects',
        mapped(
          pages((after, limit) =>
            pageOf(
              db.select().from(projects).$dynamic(),
              projects.id,
              isNull(projects.deletedAt),
              after,
              limit,
            ),
          ),
          (row) => ({
            id: row.id,
            name: row.name,
            description: row.description,
            deadline: iso(row.deadline),
            status: row.status,
            ownerId: row.ownerId,
            createdAt: row.createdAt.toISOString(),
          }),
        ),
      ],
      [
        'tasks',
        mapped(
          pages((after, limit) =>
            pageOf(
              db
                .select({ task: tasks, id: tasks.id })
                .from(tasks)
                .innerJoin(projects, eq(projects.id, tasks.projectId))
                .$dynamic(),
              tasks.id,
              and(isNull(tasks.deletedAt), isNull(projects.deletedAt)),
              after,
              limit,
            ),
          ),
          ({ task }) => ({
            id: task.id,
            project: task.projectId,
            parent: task.parentId,
            title: task.title,
            description: task.description,
            status: task.status,
            priority: task.priority,
            progress: task.progress,
            assignee: task.assigneeId,
            deadline: iso(task.deadline),
            estimatedMinutes: task.estimatedMinutes,
            labels: task.labels,
            createdBy: task.createdBy,
            createdAt: task.createdAt.toISOString(),
          }),
        ),
      ],
      [
        'comments',
        mapped(
          pages((after, limit) =>
            pageOf(
              db
                .select({
                  id: comments.id,
                  taskId: comments.taskId,
                  author: comments.createdBy,
                  body: comments.body,
                  createdAt: comments.createdAt,
                })
                .from(comments)
                .innerJoin(tasks, eq(tasks.id, comments.taskId))
                .innerJoin(projects, eq(projects.id, tasks.projectId))
                .$dynamic(),
              comments.id,
              and(
                isNull(comments.deletedAt),
                isNotNull(comments.body),
                isNull(tasks.deletedAt),
                isNull(projects.deletedAt),
              ),
              after,
              limit,
            ),
          ),
          (row) => ({ ...row, createdAt: row.createdAt.toISOString() }),
        ),
      ],
    ];
  }

  /**
   * A project's live tasks as CSV, in the columns an import reads back (titre, description, statut,
   * priorité, assigné as an e-mail for an administrator, échéance, étiquettes by name), `;`-separated with
   * a BOM, as the audit export: a French spreadsheet opens it as it is. 404 for an unknown project.
   */
  async projectCsv(viewer: Viewer, projectId: string): Promise<{ name: string; stream: Readable }> {
    const [project] = await this.db
      .select({ name: projects.name })
      .from(projects)
      .where(and(eq(projects.id, projectId), isNull(projects.deletedAt)));
    if (!project) throw notFound('Project');
    const labelNames = new Map(
      (
        await this.db
          .select({ id: labels.id, name: labels.name })
          .from(labels)
          .where(isNull(labels.deletedAt))
      ).map((label) => [label.id, label.name]),
    );
    const db = this.db;
    const rows = pages((after, limit) =>
      pageOf(
        db
          .select({ task: tasks, id: tasks.id, email: users.email, username: users.username })
          .from(tasks)
          .leftJoin(users, eq(users.id, tasks.assigneeId))
          .$dynamic(),
        tasks.id,
        and(eq(tasks.projectId, projectId), isNull(tasks.deletedAt)),
        after,
        limit,
      ),
    );
    const stream = Readable.from(
      (async function* () {
        yield (
          CSV_BOM +
          csvRow(['titre', 'description', 'statut', 'priorité', 'assigné', 'échéance', 'étiquettes'])
        );
        for await (const page of rows)
          yield page
            .map(({ task, email, username }) =>
              csvRow([
                task.title,
                task.description,
                STATUS_NAMES[task.status as TaskStatus],
                PRIORITY_NAMES[task.priority as TaskPriority],
                viewer.isAdmin ? email : username,
                task.deadline ? task.deadline.toISOString().slice(0, 10) : '',
                task.labels.flatMap((id) => labelNames.get(id) ?? []).join(', '),
              ]),
            )
            .join('');
      })(),
      { highWaterMark: 1 },
    );
    return { name: project.name, stream };
  }
}

async function* mapped<Row, Out>(
  source: AsyncIterable<Row[]>,
  map: (row: Row) => Out,
): AsyncGenerator<Out[]> {
  for await (const page of source) yield page.map(map);
}
