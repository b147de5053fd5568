import http from 'node:http';
import type { FastifyInstance } from 'fastify';

export interface SseMessage {
  id: string | null;
  data: Record<string, unknown>;
}

/** A stream opened on a listening app, as EventSource would hold it; messages are parsed as they arrive. */
export interface SseConnection {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The problem document when the answer was not a stream. */
  body: string;
  messages: SseMessage[];
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  next(predicate: (message: SseMessage) => boolean, timeoutMs?: number): Promise<SseMessage>;
  close(): void;
}

export async function listeningUrl(app: FastifyInstance): Promise<string> {
  const address = app.server.address();
  if (address && typeof address === 'object') return `http://127.0.0.1:${address.port}`;
  await app.listen({ port: 0, host: '127.0.0.1' });
  return listeningUrl(app);
}

export function openStream(baseUrl: string, headers: Record<string, string>): Promise<SseConnection> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${baseUrl}/api/events`,
      { headers: { accept: 'text/event-stream', ...headers } },
      (response) => {
        const messages: SseMessage[] = [];
        const waiters = new Set<() => void>();
        let buffer = '';
        let body = '';
        let endResolve: () => void = () => {};
        const ended = new Promise<void>((done) => (endResolve = done));
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          if (response.statusCode !== 200) return void (body += chunk);
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const id = /^id: (.*)$/m.exec(block)?.[1] ?? null;
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (data) messages.push({ id, data: JSON.parse(data) as Record<string, unknown> });
          }
          for (const waiter of waiters) waiter();
        });
        response.on('close', () => {
          endResolve();
          for (const waiter of waiters) waiter();
        });
        let done = false;
        const connection: SseConnection = {
          status: response.statusCode ?? 0,
          headers: response.headers,
          get body() {
            return body;
          },
          messages,
          ended,
          next(predicate, timeoutMs = 3_000) {
            return new Promise((found, fail) => {
              const check = () => {
                const message = messages.find(predicate);
                if (message) {
                  waiters.delete(check);
                  clearTimeout(timer);
                  found(message);
                }
              };
              const timer = setTimeout(() => {
                waiters.delete(check);
                fail(new Error(`no such message within ${timeoutMs} ms; got ${JSON.stringify(messages)}`));
              }, timeoutMs);
              waiters.add(check);
              check();
            });
          },
          close() {
            if (done) return;
            done = true;
            request.destroy();
          },
        };
        if (response.statusCode === 200) resolve(connection);
        else response.on('end', () => resolve(connection));
      },
    );
    request.on('error', reject);
  });
}
