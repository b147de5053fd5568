import { projectSchema } from '@jalon/contract';
import type { CreateProject, Project } from '@jalon/contract';
import { apiRequest } from '../../../lib/api-client.ts';

export const createProject = (input: CreateProject): Promise<Project> =>
  apiRequest('/projects', { method: 'POST', body: input, schema: projectSchema });
