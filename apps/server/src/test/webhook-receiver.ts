import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a test receiver got. */
export interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A webhook receiver on 127.0.0.1 for tests: it records every request and answers with what `answer`
 * says (200 by default; a test swaps it to fail, redirect or never answer).
 */
export async function startReceiver() {
  const received: Received[] = [];
  let answer: (request: Received, response: http.ServerResponse) => void = (_request, response) =>
    response.writeHead(200).end('ok');
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const entry = {
        path: request.url ?? '/',
        headers: request.headers,
        body: Buffer.concat(chunks).toString(),
      };
      received.push(entry);
      answer(entry, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    answerWith(next: typeof answer) {
      answer = next;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
