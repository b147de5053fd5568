/**
 * What a tab tells the service worker (decision 0016). The worker has no localStorage, so a tab hands it
 * the signed-in user's session; the worker keeps it in memory only, and forgets it at sign-out.
 */
export interface WorkerSession {
  userId: string;
  token: string;
  sessionId: string | null;
  /** The API's base as the tab resolved it (`/api`, or port 4000 of a bare IP address). */
  apiBase: string;
}

export type PageMessage = { type: 'session'; session: WorkerSession } | { type: 'signed-out' };

const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

/** The worker believes nothing it was sent without checking its shape. */
export function isPageMessage(data: unknown): data is PageMessage {
  if (typeof data !== 'object' || data === null) return false;
  const message = data as { type?: unknown; session?: Partial<Record<keyof WorkerSession, unknown>> };
  if (message.type === 'signed-out') return true;
  const session = message.session;
  return (
    message.type === 'session' &&
    typeof session === 'object' &&
    session !== null &&
    isText(session.userId) &&
    isText(session.token) &&
    isText(session.apiBase) &&
    (session.sessionId === null || isText(session.sessionId))
  );
}
