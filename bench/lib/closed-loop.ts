import { performance } from 'node:perf_hooks';
import type { LoadSpec, LoadSummary } from './load.ts';

/**
 * A closed-loop load in a load child (lib/load.ts protocol): `spec.connections` loops, each calling
 * `once(loop)` again as soon as the previous call ends; a warm-up, then `phase:measure` on stdout, the
 * measured run and `phase:done`. A call that throws is an error; past `maxErrors`, the run stops with the first one.
 */
export async function runClosedLoop(
  spec: LoadSpec,
  once: (loop: number) => Promise<void>,
  maxErrors = 100,
): Promise<LoadSummary> {
  let firstError: unknown = null;
  const run = async (seconds: number) => {
    const latencies: number[] = [];
    let errors = 0;
    const started = performance.now();
    const deadline = started + seconds * 1000;
    const loop = async (index: number) => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        try {
          await once(index);
          latencies.push(performance.now() - t0);
        } catch (error) {
          firstError ??= error;
          if (++errors > maxErrors) throw firstError;
        }
      }
    };
    await Promise.all(Array.from({ length: spec.connections }, (_, index) => loop(index)));
    return { latencies, errors, elapsedMs: performance.now() - started };
  };

  if (spec.warmupSeconds > 0) await run(spec.warmupSeconds);
  process.stdout.write('phase:measure\n');
  const cpuBefore = process.cpuUsage();
  const { latencies, errors, elapsedMs } = await run(spec.durationSeconds);
  const cpu = process.cpuUsage(cpuBefore);
  // The measured window ends here, before the child closes its pool: PostgreSQL's backends must still be
  // there to be counted, and the closing is no part of the run.
  process.stdout.write('phase:done\n');
  if (firstError) process.stderr.write(`first error: ${String(firstError)}\n`);
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  const seconds = elapsedMs / 1000;
  return {
    title: spec.title,
    url: spec.url,
    connections: spec.connections,
    durationSeconds: seconds,
    requests: latencies.length + errors,
    requestsPerSecond: latencies.length / seconds,
    ok: latencies.length,
    non2xx: 0,
    errors,
    timeouts: 0,
    latencyMs: {
      p50: at(0.5),
      p90: at(0.9),
      p99: at(0.99),
      max: latencies[latencies.length - 1] ?? 0,
      mean: latencies.reduce((sum, value) => sum + value, 0) / Math.max(1, latencies.length),
    },
    loadGeneratorCpuPercent: ((cpu.user + cpu.system) / 1000 / elapsedMs) * 100,
  };
}
