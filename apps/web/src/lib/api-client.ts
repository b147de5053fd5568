import { PROBLEM_DETAILS, SESSION_HEADERS } from '@jalon/contract/plain';
import type { SessionEndReason } from '@jalon/contract';
import { ApiError } from './api-error.ts';
import { getApiBaseUrl } from './api-base-url.ts';
import { authRedirect } from './redirects.ts';
import { contractSchema, type SchemaRef } from './contract-check/answer-check.ts';
import { checkPayload, prepareChecks } from './contract-check/check-payload.ts';
import { clearSession, getSession, isSessionExpired, updateSession } from './session-store.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions<T> {
  method?: HttpMethod;
  body?: unknown;
  /** The contract schema the payload must match (checked off the main thread, decision 0042); the checked value is returned. */
  schema?: SchemaRef<T>;
  signal?: AbortSignal;
  /** Use this token instead of the stored one (revoking a session that is being discarded). */
  token?: string;
  /** False when the caller deals with 401 itself (sign-out must not announce an expired session). */
  handleAuthErrors?: boolean;
  /** Extra request headers, e.g. the entity version a write is based on. */
  headers?: Record<string, string>;
  /** Keep the whole answer (`data` and its siblings, such as a list's paging fields) instead of `data` alone. */
  envelope?: boolean;
}

// These calls create a session, so they never carry the old one.
const NO_AUTH_HEADER_PATHS = [
  '/auth/login',
  '/auth/register',
  '/auth/verify-2fa',
  '/auth/passkey-options',
  '/auth/verify-passkey',
  '/auth/sso/exchange',
];
// Their 401s mean "wrong credentials" or "wrong code", never "your session ended".
const NO_AUTH_REDIRECT_PATHS = [...NO_AUTH_HEADER_PATHS, '/auth/password/forgot', '/auth/password/reset'];

const pathOnly = (path: string): string => path.split('?')[0] ?? path;
const matches = (path: string, list: readonly string[]): boolean => list.includes(pathOnly(path));

export const EXPIRED_LOGIN_PATH = '/login?expired=true';

/** A session this page held has ended: whose, its token, and why when the page already knows. */
export interface EndedSession {
  userId: string;
  token: string;
  reason: SessionEndReason | null;
}

const endListeners = new Set<(ended: EndedSession) => void>();

/** Called after each expiry of a signed-in session (the device's copy may have to go: live/session-end.ts). */
export function onSessionExpired(listener: (ended: EndedSession) => void): () => void {
  endListeners.add(listener);
  return () => endListeners.delete(listener);
}

/**
 * Clear everything and send the user to sign in again with the expiry warning. `reason` when the
 * caller knows why the session ended (the event stream or the session check said it).
 */
export function expireSession(reason: SessionEndReason | null = null): void {
  const { user, token } = getSession();
  clearSession();
  authRedirect(EXPIRED_LOGIN_PATH);
  if (user && token) for (const listener of endListeners) listener({ userId: user.id, token, reason });
}

function buildHeaders(
  path: string,
  options: RequestOptions<unknown>,
  hasBody: boolean,
  accept: string,
): Headers {
  const headers = new Headers({ Accept: accept });
  if (hasBody) headers.set('Content-Type', 'application/json');
  for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);
  if (matches(path, NO_AUTH_HEADER_PATHS)) return headers;
  const session = getSession();
  const token = options.token ?? session.token ?? session.tempToken;
  if (token) {
    headers.set('Authorization', `Bearer ${token}`);
    if (session.sessionId) headers.set('X-Session-Id', session.sessionId);
  }
  return headers;
}

function syncSessionFromHeaders(headers: Headers): void {
  if (getSession().token === null) return;
  const expiresAt = headers.get(SESSION_HEADERS.expiresAt);
  const sessionId = headers.get(SESSION_HEADERS.sessionId);
  const patch: { sessionExpiry?: string; sessionId?: string } = {};
  if (expiresAt && !Number.isNaN(Date.parse(expiresAt))) patch.sessionExpiry = expiresAt;
  if (sessionId && getSession().sessionId === null) patch.sessionId = sessionId;
  updateSession(patch);
}

/**
 * A payload describing the session (`session.expiresAt`, or `expiresAt` of a session check or refresh)
 * moves the expiry. Only the session routes' bare `expiresAt` is the session's: a new access token's is
 * its own.
 */
function syncSessionFromPayload(path: string, payload: unknown): void {
  if (getSession().token === null || typeof payload !== 'object' || payload === null) return;
  const record = payload as { session?: { expiresAt?: unknown }; expiresAt?: unknown };
  const expiresAt =
    record.session?.expiresAt ??
    (pathOnly(path).startsWith('/auth/sessions/') ? record.expiresAt : undefined);
  if (typeof expiresAt === 'string' && !Number.isNaN(Date.parse(expiresAt)))
    updateSession({ sessionExpiry: expiresAt });
}

function handleAuthFailure(error: ApiError): void {
  const problem = error.problem;
  if (error.status === 401) {
    if (problem?.requires2FA) authRedirect('/security');
    else if (problem?.code === 'session_expired' || problem?.detail === PROBLEM_DETAILS.sessionExpired)
      expireSession();
    // With a pending tempToken the user is in the middle of the second factor: stay put.
    else if (getSession().tempToken === null) {
      clearSession();
      authRedirect('/login');
    }
  } else if (error.status === 403 && problem?.code === 'two_factor_enrolment_required') {
    authRedirect('/security');
  }
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

const unwrap = (body: unknown): unknown =>
  typeof body === 'object' && body !== null && 'data' in body ? (body as { data: unknown }).data : body;

/** Expiry check, session headers, the request itself, and the session kept current from the answer. */
async function send(path: string, options: RequestOptions<unknown>, accept: string): Promise<Response> {
  const method = options.method ?? 'GET';
  const handleAuthErrors = options.handleAuthErrors ?? !matches(path, NO_AUTH_REDIRECT_PATHS);
  const session = getSession();
  if (
    handleAuthErrors &&
    options.token === undefined &&
    session.token !== null &&
    isSessionExpired(session)
  ) {
    expireSession();
    throw new ApiError('session_expired', 'Session expired');
  }
  // Every write carries a JSON body, even an empty one: the server only accepts application/json
  // for state-changing calls: a cross-site form cannot send that type.
  const body = options.body ?? (method === 'GET' || method === 'DELETE' ? undefined : {});
  const headers = buildHeaders(path, options, body !== undefined, accept);
  const url = `${getApiBaseUrl()}${path}`;

  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'include',
      signal: options.signal,
    });
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    throw new ApiError('network', `Network failure on ${url}`, { cause });
  }

  if (!matches(path, NO_AUTH_HEADER_PATHS)) syncSessionFromHeaders(response.headers);
  if (!response.ok) {
    const problem = await checkPayload(contractSchema('problemSchema'), await readBody(response));
    const error = ApiError.fromResponse(response.status, problem.ok ? problem.data : null);
    if (handleAuthErrors) handleAuthFailure(error);
    throw error;
  }
  return response;
}

/**
 * The one way the app talks to the API: JSON in and out, session headers, expiry kept
 * current, 401/403 turned into redirects (to /login, or to /security to enrol), payloads checked against the contract.
 */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  // The checker starts while the request is on its way, not after the answer (the first signed-in
  // screen waits on /auth/me and its check: issue 17, Lighthouse).
  if (options.schema) prepareChecks();
  const response = await send(path, options as RequestOptions<unknown>, 'application/json');
  const body = await readBody(response);
  const payload = unwrap(body);
  if (!matches(path, NO_AUTH_HEADER_PATHS)) syncSessionFromPayload(path, payload);
  const result = options.envelope ? body : payload;
  if (!options.schema) return result as T;
  const checked = await checkPayload(options.schema, result);
  if (!checked.ok)
    throw new ApiError('invalid_response', `Unexpected response from ${path}`, { cause: checked.issues });
  return checked.data;
}

export interface DownloadedFile {
  blob: Blob;
  /** The name the server gave in Content-Disposition, when it gave one. */
  fileName: string | null;
}

function fileNameOf(disposition: string | null): string | null {
  const match = disposition?.match(/filename="?([^";]+)"?/i);
  return match?.[1] ?? null;
}

/**
 * A file answered by the API (exports). It goes through the same headers and redirects as JSON
 * calls: the API only accepts the Bearer token, so a plain link (cookies only) would be refused.
 */
export async function apiDownload(
  path: string,
  options: Omit<RequestOptions<never>, 'schema' | 'body'> = {},
): Promise<DownloadedFile> {
  const response = await send(path, options as RequestOptions<unknown>, '*/*');
  return {
    blob: await response.blob(),
    fileName: fileNameOf(response.headers.get('Content-Disposition')),
  };
}

export interface UploadOptions<T> {
  schema: SchemaRef<T>;
  /** Called as the body goes out: bytes sent and the total. */
  onProgress?: (sent: number, total: number) => void;
  signal?: AbortSignal;
}

/**
 * A multipart upload (an attached file), by XMLHttpRequest since fetch tells nothing of an upload's
 * progress. The same session headers, expiry and error handling as every other call; the browser sets
 * the multipart type and its boundary itself.
 */
export async function apiUpload<T>(path: string, form: FormData, options: UploadOptions<T>): Promise<T> {
  prepareChecks();
  const session = getSession();
  if (session.token !== null && isSessionExpired(session)) {
    expireSession();
    throw new ApiError('session_expired', 'Session expired');
  }
  const headers = buildHeaders(path, {}, false, 'application/json');
  const url = `${getApiBaseUrl()}${path}`;
  const request = new XMLHttpRequest();
  const answered = new Promise<void>((resolve, reject) => {
    request.addEventListener('load', () => resolve());
    request.addEventListener('error', () => reject(new ApiError('network', `Network failure on ${url}`)));
    request.addEventListener('abort', () => reject(new DOMException('Upload cancelled', 'AbortError')));
  });
  request.upload.addEventListener('progress', (event) => {
    if (event.lengthComputable) options.onProgress?.(event.loaded, event.total);
  });
  options.signal?.addEventListener('abort', () => request.abort(), { once: true });
  request.open('POST', url);
  headers.forEach((value, name) => request.setRequestHeader(name, value));
  request.send(form);
  await answered;
  const answerHeaders = new Headers();
  for (const name of [SESSION_HEADERS.expiresAt, SESSION_HEADERS.sessionId]) {
    const value = request.getResponseHeader(name);
    if (value !== null) answerHeaders.set(name, value);
  }
  syncSessionFromHeaders(answerHeaders);
  const body = await readBody(new Response(request.responseText));
  if (request.status < 200 || request.status >= 300) {
    const problem = await checkPayload(contractSchema('problemSchema'), body);
    const error = ApiError.fromResponse(request.status, problem.ok ? problem.data : null);
    handleAuthFailure(error);
    throw error;
  }
  const checked = await checkPayload(options.schema, unwrap(body));
  if (!checked.ok)
    throw new ApiError('invalid_response', `Unexpected response from ${path}`, { cause: checked.issues });
  return checked.data;
}
