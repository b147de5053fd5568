import type { CreateProject, Project, UpdateProject } from '@jalon/contract';
import { TMP_ID_PREFIX } from '@jalon/contract/plain';
import { useMemo } from 'react';
import { apiRequest } from '../../../lib/api-client.ts';
import { contractSchema } from '../../../lib/contract-check/answer-check.ts';
import { queuedOrDirect, useEdit } from '../../../offline/use-edit.ts';

const createProjectDirectly = (input: CreateProject, id: string): Promise<Project> =>
  apiRequest('/projects', {
    method: 'POST',
    body: { ...input, id },
    schema: contractSchema('projectSchema'),
  });

/**
 * Project writes through the outbox, like tasks' (a create keyed by the form's client-made id). A delete
 * takes the project's tasks with it on the server.
 */
export function useProjectWrites() {
  const edit = useEdit();
  return useMemo(
    () => ({
      create: (input: CreateProject, id: string) =>
        queuedOrDirect(
          () => edit({ op: 'create', entity: 'project', data: input, id: `${TMP_ID_PREFIX}${id}` }),
          () => createProjectDirectly(input, id),
        ),
      update: (project: Project, patch: UpdateProject) =>
        edit({ op: 'patch', entity: 'project', id: project.id, data: patch }),
      remove: (project: Project) => edit({ op: 'delete', entity: 'project', id: project.id }),
    }),
    [edit],
  );
}
