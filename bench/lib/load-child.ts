import autocannon from 'autocannon';
import type { LoadSpec, LoadSummary } from './load.ts';

/**
 * One load generator, in its own process so that two loads running at once do not share an event loop
 * (which would distort each other's latencies). Reads a LoadSpec as JSON in argv[2], runs a warm-up, then
 * the measured run, and reports on stdout: `phase:measure` when the measured run starts, then
 * `result:{...}` with a LoadSummary.
 */
const spec = JSON.parse(process.argv[2] ?? '{}') as LoadSpec;

const run = (seconds: number, title: string) =>
  autocannon({
    url: spec.url,
    title,
    connections: spec.connections,
    pipelining: 1,
    duration: seconds,
    timeout: 10,
    headers: spec.headers ?? {},
    ...(spec.requests
      ? {
          requests: spec.requests.map((request) => ({
            method: request.method,
            path: request.path,
            ...(request.body !== undefined ? { body: request.body } : {}),
            headers: { ...spec.headers, ...request.headers },
          })),
        }
      : {}),
  });

if (spec.warmupSeconds > 0) await run(spec.warmupSeconds, `${spec.title} (warm-up)`);
process.stdout.write('phase:measure\n');
const cpuBefore = process.cpuUsage();
const result = await run(spec.durationSeconds, spec.title);
const cpu = process.cpuUsage(cpuBefore);

const summary: LoadSummary = {
  title: spec.title,
  url: spec.url,
  connections: result.connections,
  durationSeconds: result.duration,
  requests: result.requests.total,
  requestsPerSecond: result['2xx'] / result.duration,
  ok: result['2xx'],
  non2xx: result.non2xx,
  errors: result.errors,
  timeouts: result.timeouts,
  latencyMs: {
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    max: result.latency.max,
    mean: result.latency.mean,
  },
  loadGeneratorCpuPercent: ((cpu.user + cpu.system) / 1000 / (result.duration * 1000)) * 100,
};
process.stdout.write(`result:${JSON.stringify(summary)}\n`);
