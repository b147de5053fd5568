/** Signs a bench member up and in over HTTP, as a person would; returns the headers of an authenticated call. */

export interface Member {
  email: string;
  token: string;
  sessionId: string;
  headers: Record<string, string>;
}

const MEMBER = { email: 'member@bench.local', password: 'Bench-Member-Pw-4821!', username: 'bench-member' };

async function postJson(url: string, body: unknown): Promise<{ status: number; json: unknown }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': 'jalon-bench' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await response.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = text;
  }
  return { status: response.status, json };
}

/**
 * Registers the member, then signs in `sessions` times (bounded) so that GET /api/auth/sessions lists that
 * many rows. The last sign-in's token is the one used for the load.
 */
export async function createMember(baseUrl: string, sessions: number): Promise<Member> {
  const registered = await postJson(`${baseUrl}/api/auth/register`, MEMBER);
  if (registered.status !== 201)
    throw new Error(`register answered ${registered.status}: ${JSON.stringify(registered.json)}`);

  let last: { token: string; sessionId: string } | undefined;
  for (let i = 0; i < Math.max(1, Math.min(sessions, 100)); i++) {
    const login = await postJson(`${baseUrl}/api/auth/login`, {
      email: MEMBER.email,
      password: MEMBER.password,
    });
    const data = (login.json as { data?: { token?: unknown; sessionId?: unknown } } | null)?.data;
    if (login.status !== 200 || typeof data?.token !== 'string' || typeof data.sessionId !== 'string') {
      throw new Error(`login answered ${login.status}: ${JSON.stringify(login.json)}`);
    }
    last = { token: data.token, sessionId: data.sessionId };
  }
  if (!last) throw new Error('no session');
  const headers = { authorization: `Bearer ${last.token}`, 'x-session-id': last.sessionId };

  // Both routes must answer 200 with these headers before any load: a load of 401s would measure nothing.
  for (const route of ['/api/auth/me', '/api/auth/sessions']) {
    const response = await fetch(`${baseUrl}${route}`, { headers, signal: AbortSignal.timeout(15_000) });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`${route} answered ${response.status}: ${text}`);
    if (route === '/api/auth/sessions') {
      const listed = (JSON.parse(text) as { data?: { sessions?: unknown[] } }).data?.sessions?.length ?? 0;
      if (listed < sessions) throw new Error(`${route} lists ${listed} sessions, expected ${sessions}`);
    }
  }
  return { email: MEMBER.email, ...last, headers };
}
