import { sql } from 'drizzle-orm';
import { AUDIT_TYPES, DIGEST, type Digest } from '@jalon/contract';
import type { Db } from '../../db/client.ts';

const CHANGE_TYPES = [
  AUDIT_TYPES.projectCreated,
  AUDIT_TYPES.projectUpdated,
  AUDIT_TYPES.projectDeleted,
  AUDIT_TYPES.taskCreated,
  AUDIT_TYPES.taskUpdated,
  AUDIT_TYPES.taskDeleted,
  AUDIT_TYPES.taskRestored,
];

interface Row extends Record<string, unknown> {
  actor_id: string;
  actor_name: string | null;
  task_id: string | null;
  project_id: string | null;
  project_name: string | null;
}

interface Person {
  name: string;
  tasks: Set<string>;
  projects: Map<string, string>;
}

/**
 * What the others changed in projects and tasks after `since` (at most DIGEST.maxDays back), per person:
 * read from the audit log, the one change log that keeps the author. Every member sees every project
 * (one instance is one team), so nothing here is hidden from the reader; only names and counts leave.
 */
export async function readDigest(db: Db, viewerId: string, since: Date, now = new Date()): Promise<Digest> {
  const floor = new Date(now.getTime() - DIGEST.maxDays * 86_400_000);
  const from = since < floor ? floor : since;
  const types = sql.join(
    CHANGE_TYPES.map((type) => sql`${type}`),
    sql`, `,
  );
  // The casts sit in CASE branches so that a project resource is never read as a task id and back.
  const result = await db.execute<Row>(sql`
    select a.actor_id, a.actor_name, a.task_id, coalesce(p.id, pt.id) as project_id,
           coalesce(p.name, pt.name) as project_name
      from (select id, actor_id, actor_name, metadata,
                   case when type like 'task.%' then substr(resource, 6)::uuid end as task_id,
                   case when type like 'project.%' then substr(resource, 9)::uuid end as own_project_id
              from audit_log
             where created_at > ${from.toISOString()} and created_at <= ${now.toISOString()}
               and outcome = 'success' and actor_id is not null and actor_id <> ${viewerId}
               and type in (${types})
             order by id desc
             limit ${DIGEST.rowLimit + 1}) a
      left join tasks t on t.id = a.task_id
      left join projects p on p.id = a.own_project_id
      left join projects pt on pt.id = coalesce((a.metadata ->> 'project')::uuid, t.project_id)
     order by a.id desc`);
  const rows = result.rows.slice(0, DIGEST.rowLimit);
  const people = new Map<string, Person>();
  for (const row of rows) {
    const person = people.get(row.actor_id) ?? {
      name: row.actor_name ?? '',
      tasks: new Set(),
      projects: new Map(),
    };
    people.set(row.actor_id, person);
    if (row.task_id) person.tasks.add(row.task_id);
    if (row.project_id && row.project_name !== null) person.projects.set(row.project_id, row.project_name);
  }
  return {
    since: from.toISOString(),
    until: now.toISOString(),
    truncated: result.rows.length > DIGEST.rowLimit,
    people: [...people]
      .sort(([, a], [, b]) => b.tasks.size - a.tasks.size)
      .slice(0, DIGEST.peopleLimit)
      .map(([userId, person]) => {
        const projects = [...person.projects].map(([id, name]) => ({ id, name }));
        return {
          userId,
          name: person.name,
          tasks: person.tasks.size,
          projects: projects.slice(0, DIGEST.projectsPerPerson),
          moreProjects: Math.max(0, projects.length - DIGEST.projectsPerPerson),
        };
      }),
  };
}
