import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { cpuTimeMs } from '../lib/children.ts';

/** Latency without load: one request at a time, on one kept-alive connection. */
export interface SequentialRun {
  title: string;
  path: string;
  requests: number;
  /** Nearest-rank percentiles of the measured requests, in ms (sub-millisecond, from performance.now()). */
  latencyMs: { p50: number; p90: number; p99: number; max: number; min: number; mean: number };
  /** Server CPU per request over the measured requests (main thread, other threads), in ms. */
  cpuMsPerRequest: { main: number; other: number } | null;
  bodyBytes: number;
}

/** The nearest-rank percentile `p` (0-100) of ascending `sorted` values. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1]!;
}

export function summarise(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
    min: sorted[0] ?? Number.NaN,
    mean: sorted.reduce((sum, value) => sum + value, 0) / Math.max(1, sorted.length),
  };
}

/**
 * `warmup` then `count` GETs of `path`, each sent when the previous answer has been read entirely, over
 * one kept-alive connection (an agent with one socket), timed from the request to the last body byte.
 * Every answer must be 200. When `serverPid` is given, the server's CPU over the measured requests is
 * read from /proc. Runs in the orchestrator, which is otherwise idle meanwhile.
 */
export async function sequentialLatency(
  baseUrl: string,
  path: string,
  headers: Record<string, string>,
  options: { title: string; count: number; warmup: number; serverPid?: number },
): Promise<SequentialRun> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const url = new URL(path, baseUrl);
  const once = () =>
    new Promise<{ ms: number; bytes: number }>((resolve, reject) => {
      const started = performance.now();
      const request = http.get(url, { agent, headers, timeout: 30_000 }, (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => (bytes += chunk.length));
        response.on('end', () => {
          if (response.statusCode !== 200)
            reject(new Error(`GET ${path} answered ${response.statusCode} during the sequential run`));
          else resolve({ ms: performance.now() - started, bytes });
        });
        response.on('error', reject);
      });
      request.on('timeout', () => request.destroy(new Error(`GET ${path} timed out (30 s)`)));
      request.on('error', reject);
    });
  try {
    for (let i = 0; i < options.warmup; i++) await once();
    const before = options.serverPid !== undefined ? cpuTimeMs(options.serverPid) : null;
    const samples: number[] = [];
    let bodyBytes = 0;
    for (let i = 0; i < options.count; i++) {
      const { ms, bytes } = await once();
      samples.push(ms);
      bodyBytes = bytes;
    }
    const after = options.serverPid !== undefined ? cpuTimeMs(options.serverPid) : null;
    const cpuMsPerRequest =
      before && after && options.count > 0
        ? {
            main: (after.mainThread - before.mainThread) / options.count,
            other: (after.process - after.mainThread - (before.process - before.mainThread)) / options.count,
          }
        : null;
    return {
      title: options.title,
      path,
      requests: options.count,
      latencyMs: summarise(samples),
      cpuMsPerRequest,
      bodyBytes,
    };
  } finally {
    agent.destroy();
  }
}
