import { taskSchema, type CreateTask, type Task } from '@jalon/contract';
import { apiRequest } from '../../../lib/api-client.ts';

export const createTask = (input: CreateTask): Promise<Task> =>
  apiRequest('/tasks', { method: 'POST', body: input, schema: taskSchema });
