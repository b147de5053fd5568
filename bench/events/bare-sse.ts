import { randomUUID } from 'node:crypto';
import http from 'node:http';

/**
 * The ceiling for the event fan-out: bare node:http holding SSE responses and writing one message to all
 * of them on POST /broadcast?id=X, as Jalon's hub does (one text, every stream). Usage: node --import tsx
 * events/bare-sse.ts <port>. Prints `listening` once ready.
 */
const port = Number(process.argv[2]);
const streams = new Set<http.ServerResponse>();
const server = http.createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://localhost');
  if (url.pathname === '/api/events') {
    response.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
    });
    response.write(': open\n\n');
    streams.add(response);
    response.on('close', () => streams.delete(response));
  } else if (request.method === 'POST' && url.pathname === '/broadcast') {
    const id = url.searchParams.get('id') ?? '';
    // The bytes Jalon sends for a task edit: the task's event and its project's (counters), uuids as ids.
    const [projectId, actor] = [randomUUID(), randomUUID()];
    const event = (type: string, eventId: string) =>
      `id: 1234\ndata: ${JSON.stringify({ type, id: eventId, projectId, version: 1, actor })}\n\n`;
    const text = event('task.updated', id) + event('project.updated', projectId);
    const started = performance.now();
    for (const stream of streams) stream.write(text);
    // As Jalon's hub times its write phase: until the corked sockets were sent on the next tick.
    setImmediate(() =>
      response.writeHead(204, { 'x-write-ms': (performance.now() - started).toFixed(1) }).end(),
    );
  } else response.writeHead(404).end();
});
server.maxConnections = 100_000;
server.listen(port, '127.0.0.1', 4096, () => process.stdout.write('listening\n'));
process.on('SIGTERM', () => process.exit(0));
