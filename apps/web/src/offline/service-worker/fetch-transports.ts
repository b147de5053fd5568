import { syncChangesPageSchema } from '@jalon/contract';
import type { BatchTransport, PullTransport } from '@jalon/sync';
import { changesPullTransport } from '../changes-pull.ts';
import type { WorkerSession } from './messages.ts';

/** The service worker's own requests: the tabs' API client reads localStorage and brings React along. */
function headersFor(session: WorkerSession, hasBody: boolean): Headers {
  const headers = new Headers({ Accept: 'application/json', Authorization: `Bearer ${session.token}` });
  if (session.sessionId) headers.set('X-Session-Id', session.sessionId);
  if (hasBody) headers.set('Content-Type', 'application/json');
  return headers;
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return (await response.json()) as unknown;
  } catch {
    return null;
  }
}

const unwrap = (body: unknown): unknown =>
  typeof body === 'object' && body !== null && 'data' in body ? (body as { data: unknown }).data : body;

/**
 * The sync core's transports over fetch with the session a tab handed over. As in the tabs, the batch
 * transport answers the status and body (the payload of a 200, the problem document otherwise) and throws
 * only when there is no answer at all; the pull transport throws on any failure.
 */
export function workerTransports(session: WorkerSession): { send: BatchTransport; pull: PullTransport } {
  const send: BatchTransport = async (request) => {
    const response = await fetch(`${session.apiBase}/sync/batch`, {
      method: 'POST',
      headers: headersFor(session, true),
      body: JSON.stringify(request),
      credentials: 'omit',
    });
    const body = await readJson(response);
    return { status: response.status, body: response.ok ? unwrap(body) : body };
  };
  // The worker checks what it reads itself, with this schema only (no page, no other worker here).
  const pull = changesPullTransport(async (path) => {
    const response = await fetch(`${session.apiBase}${path}`, {
      headers: headersFor(session, false),
      credentials: 'omit',
    });
    if (!response.ok) throw new Error(`${path} answered ${response.status}`);
    const parsed = syncChangesPageSchema.safeParse(await readJson(response));
    if (!parsed.success) throw new Error(`Unexpected response from ${path}`, { cause: parsed.error });
    return parsed.data;
  });
  return { send, pull };
}
