import http from 'node:http';
import { readFileSync } from 'node:fs';

/**
 * Holds `count` event streams open, as browsers would, and times when each one receives a marker.
 * Usage: node --import tsx events/stream-child.ts <spec.json>, spec {url, cookies, from, count}: the
 * streams from … from + count - 1 of a run that may share them among several processes; stream i uses
 * cookie i % cookies.length (the server caps streams per session). Prints `ready <control port>` once every stream answered 200; then
 * POST /expect?marker=M arms the watch and GET /result answers, once every stream saw M (or after
 * 30 s), {arrivals: epoch ms per stream (null when missed)}. Times are performance.timeOrigin-based,
 * comparable with the orchestrator's on the same machine.
 */
interface Spec {
  url: string;
  cookies: string[];
  from: number;
  count: number;
}

const spec = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as Spec;
const now = () => performance.timeOrigin + performance.now();
const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
const tails: string[] = [];
let arrivals: Array<number | null> = [];
let marker: string | null = null;
let remaining = 0;
let done: (() => void) | null = null;

function open(index: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      spec.url,
      {
        agent,
        headers: {
          accept: 'text/event-stream',
          cookie: spec.cookies[(spec.from + index) % spec.cookies.length]!,
        },
      },
      (response) => {
        if (response.statusCode !== 200) return reject(new Error(`stream ${index}: ${response.statusCode}`));
        response.setEncoding('utf8');
        tails[index] = '';
        response.on('data', (chunk: string) => {
          if (marker === null || arrivals[index] !== null) return;
          const text = tails[index] + chunk;
          if (text.includes(marker)) {
            arrivals[index] = now();
            remaining -= 1;
            if (remaining === 0) done?.();
          } else tails[index] = text.slice(-200);
        });
        response.on('error', () => undefined);
        resolve();
      },
    );
    request.on('error', reject);
  });
}

// Opened in waves, so the server's accept queue never overflows.
for (let start = 0; start < spec.count; start += 200)
  await Promise.all(
    Array.from({ length: Math.min(200, spec.count - start) }, (_, offset) => open(start + offset)),
  );

let result: Promise<void> = Promise.resolve();
const control = http.createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://localhost');
  if (request.method === 'POST' && url.pathname === '/expect') {
    marker = url.searchParams.get('marker');
    arrivals = Array.from({ length: spec.count }, () => null);
    tails.fill('');
    remaining = spec.count;
    result = new Promise<void>((resolve) => {
      done = resolve;
      setTimeout(resolve, 30_000).unref();
    });
    response.writeHead(204).end();
  } else if (url.pathname === '/result') {
    void result.then(() => {
      marker = null;
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ arrivals }));
    });
  } else response.writeHead(404).end();
});
control.listen(0, '127.0.0.1', () => {
  const address = control.address();
  process.stdout.write(`ready ${typeof address === 'object' && address ? address.port : 0}\n`);
});
process.on('SIGTERM', () => process.exit(0));
