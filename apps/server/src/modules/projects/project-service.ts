import { and, desc, eq, isNull } from 'drizzle-orm';
import type { CreateProjectRequest, ListMeta, Project, UpdateProject } from '@jalon/contract';
import type { Db } from '../../db/client.ts';
import { projects } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import type { ChangeAnnouncer } from '../changes/announced-transaction.ts';
import type { CursorCodec } from '../changes/change-log.ts';
import { readKindChanges, readLiveRows } from '../sync/catch-up-read.ts';
import { EntityWrites } from '../sync/entity-writes.ts';
import type { Viewer } from './policy.ts';
import { presentProject } from './project-presenter.ts';

/** Projects: reads, and the REST writes, each written by the same rules as a sync batch's operation. */
export class ProjectService extends EntityWrites<'project', Project, CreateProjectRequest, UpdateProject> {
  constructor(
    db: Db,
    private readonly cursors: CursorCodec,
    notifier: ChangeAnnouncer,
  ) {
    super(db, notifier, 'project');
  }

  async list(
    viewer: Viewer,
    since?: string,
    clientId?: string,
  ): Promise<{ items: Project[]; meta: ListMeta }> {
    if (since !== undefined)
      return readKindChanges(this.db, this.cursors, 'project', { viewer, since, clientId });
    return readLiveRows(
      this.db,
      this.cursors,
      projects,
      [desc(projects.createdAt), desc(projects.id)],
      (row) => presentProject(row, viewer),
    );
  }

  async get(viewer: Viewer, id: string): Promise<Project> {
    const [row] = await this.db
      .select()
      .from(projects)
      .where(and(eq(projects.id, id), isNull(projects.deletedAt)));
    if (!row) throw notFound('Project');
    return presentProject(row, viewer);
  }
}
