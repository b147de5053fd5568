// Projects and tasks made or changed through the API: the same member on another device, for what
// a test needs as a starting point or what no screen offers (a task's deadline and estimate).
import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { bearer, dataOf, signInByApi, type Member } from './members.ts';

export interface ProjectRef {
  id: string;
  name: string;
  description: string;
}

export interface TaskRef {
  id: string;
  title: string;
  version: number;
}

/** A name nobody else uses in this run (the workspace is shared by every test's member). */
export const uniqueName = (prefix: string): string => `${prefix} ${randomUUID().slice(0, 8)}`;

/** Signs the member in through the API once and returns what it can do there. */
export async function apiAs(request: APIRequestContext, member: Member) {
  const { token } = await signInByApi(request, member);
  const headers = bearer(token);
  return {
    createProject: async (fields: {
      name: string;
      description: string;
      deadline?: string;
    }): Promise<ProjectRef> =>
      dataOf<ProjectRef>(
        await request.post('/api/projects', {
          headers,
          data: { deadline: new Date(Date.now() + 30 * 86_400_000).toISOString(), ...fields },
        }),
      ),
    createTask: async (fields: {
      title: string;
      description?: string;
      project: string;
      deadline?: string;
      /** A member's id: the assignment notifies them. */
      assignee?: string;
      /** Makes it a sub-task of this task. */
      parent?: string;
    }): Promise<TaskRef> =>
      dataOf<TaskRef>(await request.post('/api/tasks', { headers, data: { description: '', ...fields } })),
    comment: async (taskId: string, body: string): Promise<{ id: string }> =>
      dataOf(await request.post(`/api/tasks/${taskId}/comments`, { headers, data: { body } })),
    /** What the server holds now: every live task of the workspace, as another device would read it. */
    listTasks: async (): Promise<Array<TaskRef & { project: string; status: string; description: string }>> =>
      dataOf(await request.get('/api/tasks?limit=5000', { headers })),
    listProjects: async (): Promise<Array<ProjectRef & { status: string }>> =>
      dataOf(await request.get('/api/projects', { headers })),
    updateTask: async (
      id: string,
      patch: { title?: string; deadline?: string | null; estimatedMinutes?: number | null; status?: string },
    ): Promise<TaskRef> => dataOf<TaskRef>(await request.patch(`/api/tasks/${id}`, { headers, data: patch })),
  };
}

/**
 * Waits for the next batch this page sends (`POST /api/sync/batch`): the screen shows an edit at once,
 * marked 'En attente', and the outbox takes it to the server right after.
 */
export const batchSent = (page: Page) =>
  page.waitForResponse(
    (response) => response.request().method() === 'POST' && response.url().endsWith('/api/sync/batch'),
  );
