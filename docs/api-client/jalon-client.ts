// A client typed by the published document: `openapi.d.ts` is what openapi-typescript makes of
// GET /api/openapi.json (`npm test` regenerates it, then compiles this file against it, so a change
// of the API that breaks a client breaks the build). See README.md in this folder.
import type { paths } from './openapi.d.ts';

type LoginRequest = paths['/api/auth/login']['post']['requestBody']['content']['application/json'];
type LoginAnswer = paths['/api/auth/login']['post']['responses'][200]['content']['application/json'];
type TaskQuery = NonNullable<paths['/api/tasks']['get']['parameters']['query']>;
type TaskPage = paths['/api/tasks']['get']['responses'][200]['content']['application/json'];
type Problem = paths['/api/tasks']['get']['responses'][401]['content']['application/problem+json'];

/** A problem document (RFC 9457) turned into an error that keeps its stable `code`. */
export class JalonError extends Error {
  constructor(readonly problem: Problem) {
    super(`${problem.status} ${problem.code}: ${problem.detail}`);
  }
}

async function call<T>(response: Response): Promise<T> {
  if (!response.ok) throw new JalonError((await response.json()) as Problem);
  return (await response.json()) as T;
}

/**
 * `options.token`: a personal access token made on /me (`jalon_pat_…`), for a script that never signs
 * in; without it, `login` opens a session first.
 */
export function jalonClient(baseUrl: string, options: { token?: string } = {}) {
  let token: string | null = options.token ?? null;
  return {
    /** Signs in; with 2FA on, the answer holds a `tempToken` for the code step instead of a session. */
    async login(credentials: LoginRequest): Promise<LoginAnswer['data']> {
      const response = await fetch(`${baseUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(credentials),
      });
      const { data } = await call<LoginAnswer>(response);
      token = data.token ?? null;
      return data;
    },

    /** One page of live tasks, newest first; `nextAfter` asks for the next one. */
    async listTasks(query: TaskQuery = {}): Promise<TaskPage> {
      const search = new URLSearchParams(
        Object.entries(query)
          .filter(([, value]) => value !== undefined)
          .map(([key, value]) => [key, String(value)]),
      );
      const response = await fetch(`${baseUrl}/api/tasks?${search}`, {
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      return call<TaskPage>(response);
    },
  };
}

/** What an integration does first: sign in, then read the first tasks of a project. */
export async function firstTasks(
  baseUrl: string,
  email: string,
  password: string,
  projectId: string,
): Promise<string[]> {
  const client = jalonClient(baseUrl);
  const session = await client.login({ email, password, rememberMe: false });
  if (!session.token)
    throw new Error('This account needs its second factor: finish with POST /api/auth/verify-2fa');
  const page = await client.listTasks({ projectId, limit: 20 });
  return page.data.map((task) => `${task.title} (${task.status}, ${task.priority})`);
}
