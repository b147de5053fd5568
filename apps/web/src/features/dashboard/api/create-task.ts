import { taskSchema } from '@jalon/contract';
import type { CreateTask, Task } from '@jalon/contract';
import { apiRequest } from '../../../lib/api-client.ts';

export const createTask = (input: CreateTask): Promise<Task> =>
  apiRequest('/tasks', { method: 'POST', body: input, schema: taskSchema });
