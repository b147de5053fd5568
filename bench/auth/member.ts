/** Signs a bench member up and in over HTTP, as a person would; returns the headers of an authenticated call. */

export interface Member {
  email: string;
  token: string;
  sessionId: string;
  headers: Record<string, string>;
}

/** The bench member's credentials (the browser check signs in through the form with them). */
export const MEMBER = {
  email: 'member@bench.local',
  password: 'Bench-Member-Pw-4821!',
  username: 'bench-member',
};

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

/** Registers the bench member (the server must run with ALLOW_REGISTRATION=true). */
export async function registerMember(baseUrl: string): Promise<void> {
  const registered = await postJson(`${baseUrl}/api/auth/register`, MEMBER);
  if (registered.status !== 201)
    throw new Error(`register answered ${registered.status}: ${JSON.stringify(registered.json)}`);
}

async function login(baseUrl: string): Promise<{ token: string; sessionId: string }> {
  const response = await postJson(`${baseUrl}/api/auth/login`, {
    email: MEMBER.email,
    password: MEMBER.password,
  });
  const data = (response.json as { data?: { token?: unknown; sessionId?: unknown } } | null)?.data;
  if (response.status !== 200 || typeof data?.token !== 'string' || typeof data.sessionId !== 'string') {
    throw new Error(`login answered ${response.status}: ${JSON.stringify(response.json)}`);
  }
  return { token: data.token, sessionId: data.sessionId };
}

const headersOf = (session: { token: string; sessionId: string }) => ({
  authorization: `Bearer ${session.token}`,
  'x-session-id': session.sessionId,
});

/** Signs the already registered member in once; checks that the session answers GET /api/auth/me. */
export async function signInMember(baseUrl: string): Promise<Member> {
  const session = await login(baseUrl);
  const headers = headersOf(session);
  const response = await fetch(`${baseUrl}/api/auth/me`, { headers, signal: AbortSignal.timeout(15_000) });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`/api/auth/me answered ${response.status}: ${text}`);
  return { email: MEMBER.email, ...session, headers };
}

/**
 * Registers the member, then signs in `sessions` times (bounded) so that GET /api/auth/sessions lists that
 * many rows. The last sign-in's token is the one used for the load.
 */
export async function createMember(baseUrl: string, sessions: number): Promise<Member> {
  await registerMember(baseUrl);
  let last: { token: string; sessionId: string } | undefined;
  for (let i = 0; i < Math.max(1, Math.min(sessions, 100)); i++) last = await login(baseUrl);
  if (!last) throw new Error('no session');
  const headers = headersOf(last);

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
