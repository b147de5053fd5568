import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { ImportFormat, ImportPreview, ImportResult } from '@jalon/contract';
import type { Db, Tx } from '../../db/client.ts';
import { labels, projects, tasks, users } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import type { AuditActor } from '../audit/audit-writer.ts';
import { announcedTransaction, type ChangeAnnouncer } from '../changes/announced-transaction.ts';
import type { Viewer } from '../projects/policy.ts';
import { retryingTransaction } from '../sync/retrying-transaction.ts';
import { applyAndWrite, loadPlan } from '../sync/write-path.ts';
import { readCsv } from './csv-source.ts';
import { derivedIds, planImport, type ImportContext, type ImportPlan } from './import-plan.ts';
import { malformed, type ImportSource } from './import-source.ts';
import { readJalon } from './jalon-source.ts';
import { readTrello } from './trello-source.ts';
import { labelNameKey } from '@jalon/contract';

/** A file as it was sent: its bytes, its name, what it is, and where its tasks go. */
export interface ImportFile {
  content: Buffer;
  fileName: string;
  format: ImportFormat;
  projectId?: string | undefined;
}

const READERS: Record<ImportFormat, (file: ImportFile) => ImportSource> = {
  csv: (file) => readCsv(file.content, file.fileName),
  trello: (file) => readTrello(file.content),
  jalon: (file) => readJalon(file.content),
};

/**
 * 'Importer': a Trello board, a CSV file or a Jalon export, into a new or an existing project. The preview
 * and the import plan the same way in the same kind of transaction; the import then writes the plan as one
 * sync batch on the one write path (audited with `via: "import"`, announced to the live streams, webhooks
 * queued), all or nothing.
 */
export class ImportService {
  constructor(
    private readonly db: Db,
    private readonly announcer: ChangeAnnouncer,
  ) {}

  async preview(file: ImportFile): Promise<ImportPreview> {
    const source = READERS[file.format](file);
    return this.db.transaction(async (tx) => (await this.plan(tx, source, file.projectId)).preview);
  }

  async import(viewer: Viewer, actor: AuditActor, file: ImportFile): Promise<ImportResult> {
    const source = READERS[file.format](file);
    return retryingTransaction(() =>
      announcedTransaction(
        this.db,
        this.announcer,
        { actor: viewer.userId, device: null },
        async (tx, changeSeq) => {
          const planned = await this.plan(tx, source, file.projectId);
          const plan = await loadPlan(tx, { viewer, actor, changeSeq, via: 'import' }, planned.operations);
          const results = await applyAndWrite(tx, plan, planned.operations);
          const refused = results.find(({ result }) => 'conflict' in result);
          // Nothing of a file is half imported: the first refusal rolls it all back, naming its line.
          if (refused && 'conflict' in refused.result)
            throw malformed(
              `${capitalised(planned.lines.get(refused.seq)!)} : refusée (${refused.result.conflict.detail ?? refused.result.conflict.reason}).`,
            );
          const result: ImportResult = {
            projectId: planned.projectId,
            created: planned.preview.tasks,
            skipped: planned.preview.skipped,
          };
          return { plan, result };
        },
        ({ plan }) => plan.changedAnything,
      ),
    ).then(({ result }) => result);
  }

  /** Reads what the plan depends on (the target, people, labels, ids already there), then plans. */
  private async plan(tx: Tx, source: ImportSource, projectId: string | undefined): Promise<ImportPlan> {
    let target: ImportContext['target'] = null;
    if (projectId) {
      const [row] = await tx
        .select({ id: projects.id, name: projects.name })
        .from(projects)
        .where(and(eq(projects.id, projectId), isNull(projects.deletedAt)))
        .for('update');
      if (!row) throw notFound('Project');
      target = row;
    }
    const ids = derivedIds(source, projectId);
    const [people, liveLabels, takenTasks, takenProjects] = await Promise.all([
      tx
        .select({ id: users.id, email: users.email, username: users.username })
        .from(users)
        .where(isNull(users.deactivatedAt)),
      tx.select({ id: labels.id, name: labels.name }).from(labels).where(isNull(labels.deletedAt)),
      ids.length ? tx.select({ id: tasks.id }).from(tasks).where(inArray(tasks.id, ids)) : [],
      ids.length ? tx.select({ id: projects.id }).from(projects).where(inArray(projects.id, ids)) : [],
    ]);
    return planImport(
      source,
      {
        target,
        people,
        labels: new Map(liveLabels.map((label) => [labelNameKey(label.name), label.id])),
        taken: new Set([...takenTasks, ...takenProjects].map((row) => row.id)),
        now: new Date(),
      },
      projectId,
    );
  }
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
