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
    const text = `id: 1\ndata: ${JSON.stringify({ type: 'task.updated', id, projectId: id, version: 1, actor: null })}\n\n`;
    for (const stream of streams) stream.write(text);
    response.writeHead(204).end();
  } else response.writeHead(404).end();
});
server.maxConnections = 100_000;
server.listen(port, '127.0.0.1', 4096, () => process.stdout.write('listening\n'));
process.on('SIGTERM', () => process.exit(0));
