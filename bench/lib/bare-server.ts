import http from 'node:http';

/**
 * The ceiling: a bare `node:http` server answering a small JSON body, run as its own process.
 * Usage: node --import tsx lib/bare-server.ts <port>. Prints `listening` once ready.
 */
const port = Number(process.argv[2]);
if (!Number.isInteger(port) || port <= 0) {
  console.error('bare-server: a port is required');
  process.exit(2);
}

const body = JSON.stringify({ data: { status: 'ok' } });
const server = http.createServer((_request, response) => {
  response.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
  });
  response.end(body);
});

server.listen(port, '127.0.0.1', () => {
  process.stdout.write('listening\n');
});

const stop = () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 2_000).unref();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
