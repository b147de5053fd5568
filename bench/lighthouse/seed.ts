import * as OTPAuth from 'otpauth';
import type { Member } from '../auth/member.ts';
import { ADMIN } from '../lib/servers.ts';

/**
 * What the audited screens show: a few projects and a team's worth of tasks in every status and
 * priority, deadlines spread over this month (the calendar) and past (overdue), made through the public
 * API by the signed-in member, so each screen is measured with real content and not an empty state.
 */
const PROJECTS = ['Refonte du site', 'Application mobile', 'Migration des données'];
const TASKS_PER_PROJECT = 15;
const STATUSES = ['todo', 'in_progress', 'in_review', 'done'] as const;
const PRIORITIES = ['high', 'medium', 'low'] as const;
const DAY_MS = 86_400_000;

async function post<T>(
  baseUrl: string,
  path: string,
  headers: Record<string, string>,
  body: unknown,
): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json', 'user-agent': 'jalon-bench' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST ${path} answered ${response.status}: ${text.slice(0, 300)}`);
  return (JSON.parse(text) as { data: T }).data;
}

/** Makes the projects and their tasks; answers the first project's id (the audited project page). */
export async function seedWork(baseUrl: string, member: Member): Promise<string> {
  const now = Date.now();
  const ids: string[] = [];
  for (const [index, name] of PROJECTS.entries()) {
    const project = await post<{ id: string }>(baseUrl, '/api/projects', member.headers, {
      name,
      description: `Projet de démonstration ${index + 1} du banc Lighthouse`,
      deadline: new Date(now + (20 + index * 15) * DAY_MS).toISOString(),
    });
    ids.push(project.id);
    for (let task = 0; task < TASKS_PER_PROJECT; task++) {
      await post(baseUrl, '/api/tasks', member.headers, {
        title: `${name} : tâche ${task + 1}`,
        project: project.id,
        status: STATUSES[task % STATUSES.length],
        priority: PRIORITIES[task % PRIORITIES.length],
        deadline: new Date(now + (task - 4) * 2 * DAY_MS).toISOString(),
        estimatedMinutes: 30 + task * 15,
      });
    }
  }
  return ids[0]!;
}

/**
 * The bootstrap administrator must have 2FA to reach /admin/members (an administrator without it may only enrol): enrolled through the API
 * as the security screen does; answers the backup codes, with which the browser then signs in.
 */
export async function enrolAdmin(
  baseUrl: string,
): Promise<{ email: string; password: string; backupCodes: string[] }> {
  const pending = await post<{ tempToken: string | null }>(baseUrl, '/api/auth/login', {}, ADMIN);
  if (!pending.tempToken)
    throw new Error('the administrator signed in without the expected 2FA enrolment step');
  const headers = { authorization: `Bearer ${pending.tempToken}` };
  const setup = await post<{ secret: string; backupCodes: string[] }>(baseUrl, '/api/2fa/setup', headers, {});
  const totp = new OTPAuth.TOTP({
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: OTPAuth.Secret.fromBase32(setup.secret),
  });
  await post(baseUrl, '/api/2fa/verify', headers, { code: totp.generate() });
  return { ...ADMIN, backupCodes: setup.backupCodes };
}
