import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { cpuTimeMs, machineCpuTicks, startChild, stopChild } from './children.ts';
import { cpuPercentSince, type CpuSnapshot } from './database-cpu.ts';

export interface LoadSpec {
  title: string;
  url: string;
  connections: number;
  warmupSeconds: number;
  durationSeconds: number;
  headers?: Record<string, string>;
  /**
   * A sequence of requests on `url`'s origin that each connection cycles through, in order (autocannon's
   * `requests`); without it every request is a GET of `url`. Headers add to `headers`.
   */
  requests?: LoadRequest[];
}

export interface LoadRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  body?: string;
  headers?: Record<string, string>;
}

export interface LoadSummary {
  title: string;
  url: string;
  connections: number;
  durationSeconds: number;
  requests: number;
  /** Successful (2xx) responses per second over the measured run. */
  requestsPerSecond: number;
  ok: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number; mean: number };
  /** CPU of the load generator process over the measured run, in % of one core. */
  loadGeneratorCpuPercent: number;
  /** What a closed-loop child counted besides requests (e.g. rows changed, warm-up included). */
  counts?: Record<string, number>;
}

/** CPU used by the server over the measured run, in % of one core. */
export interface ServerCpu {
  processPercent: number;
  mainThreadPercent: number;
  otherThreadsPercent: number;
  /** All cores of the machine over the same window, in % of one core (200% = two cores fully busy). */
  machineBusyPercent: number | null;
}

export interface LoadRun {
  summary: LoadSummary;
  serverCpu: ServerCpu | null;
  /** With `options.databaseCpu`: the database's processes over the measured run, in % of one core. */
  databaseCpuPercent?: number | null;
}

/**
 * CPU per call in ms: the server process (or the ceiling's process) plus the database's processes when
 * they were sampled, the load generator excluded. The steady figure on a shared machine, where requests/s
 * also count the time spent waiting for a core.
 */
export function cpuPerCallMs(run: LoadRun): number | null {
  const rate = run.summary.requestsPerSecond;
  if (!run.serverCpu || rate <= 0) return null;
  return ((run.serverCpu.processPercent + (run.databaseCpuPercent ?? 0)) * 10) / rate;
}

const LOAD_CHILD = fileURLToPath(new URL('./load-child.ts', import.meta.url));
const BENCH_DIR = fileURLToPath(new URL('..', import.meta.url));

/**
 * Runs one autocannon load in a child process and, when `serverPid` is given, samples the server's CPU
 * time over exactly the measured run (from the child's `phase:measure` line to its `phase:done` line, or to
 * its result when it sends none).
 *
 * `options.script` replaces autocannon by another load child speaking the same protocol (a spec as JSON in
 * argv[2]; `phase:measure`, optionally `phase:done`, then `result:{LoadSummary}` on stdout); with `options.sampleSelf`, the CPU
 * sampled is that child's own (when the child is itself the system under test, e.g. a direct SQL loop).
 * `options.databaseCpu` samples a database running in other processes (lib/database-cpu.ts) over the same
 * window.
 */
export async function runLoad(
  spec: LoadSpec,
  serverPid?: number,
  options: { script?: string; sampleSelf?: boolean; databaseCpu?: () => CpuSnapshot } = {},
): Promise<LoadRun> {
  const child = startChild(
    process.execPath,
    ['--import', 'tsx', options.script ?? LOAD_CHILD, JSON.stringify(spec)],
    { cwd: BENCH_DIR },
  );
  if (options.sampleSelf) serverPid = child.pid;
  const limitMs = (spec.warmupSeconds + spec.durationSeconds + 60) * 1000;
  let cpuStart: CpuStart | null = null;
  let databaseStart: { at: number; cpu: CpuSnapshot } | null = null;
  // Taken at `phase:done` when the child says where its run ends (before it closes its connections), else
  // with the result.
  let sampled: Omit<LoadRun, 'summary'> | null = null;
  const sample = (): Omit<LoadRun, 'summary'> => ({
    serverCpu: serverPid === undefined ? null : cpuSince(cpuStart, serverPid),
    ...(options.databaseCpu
      ? { databaseCpuPercent: databaseStart ? cpuPercentSince(databaseStart, options.databaseCpu()) : null }
      : {}),
  });
  let pending = '';
  try {
    return await new Promise<LoadRun>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`load "${spec.title}" did not finish within ${limitMs} ms`)),
        limitMs,
      );
      child.process.stdout?.on('data', (chunk: Buffer) => {
        pending += chunk.toString('utf8');
        let newline = pending.indexOf('\n');
        while (newline !== -1) {
          const line = pending.slice(0, newline);
          pending = pending.slice(newline + 1);
          newline = pending.indexOf('\n');
          if (line === 'phase:measure') {
            if (serverPid !== undefined)
              cpuStart = { at: Date.now(), cpu: cpuTimeMs(serverPid), machine: machineCpuTicks() };
            databaseStart = options.databaseCpu ? { at: Date.now(), cpu: options.databaseCpu() } : null;
          }
          if (line === 'phase:done') sampled = sample();
          if (line.startsWith('result:')) {
            clearTimeout(timer);
            const summary = JSON.parse(line.slice('result:'.length)) as LoadSummary;
            resolve({ summary, ...(sampled ?? sample()) });
          }
        }
      });
      void child.exited.then((code) => {
        clearTimeout(timer);
        reject(new Error(`load "${spec.title}" exited (${code}) without a result:\n${child.output()}`));
      });
    });
  } finally {
    await stopChild(child, 5_000);
  }
}

interface CpuStart {
  at: number;
  cpu: ReturnType<typeof cpuTimeMs>;
  machine: ReturnType<typeof machineCpuTicks>;
}

function cpuSince(start: CpuStart | null, pid: number): ServerCpu | null {
  const end = cpuTimeMs(pid);
  const machineEnd = machineCpuTicks();
  if (!start?.cpu || !end) return null;
  const wallMs = Date.now() - start.at;
  if (wallMs <= 0) return null;
  const processPercent = ((end.process - start.cpu.process) / wallMs) * 100;
  const mainThreadPercent = ((end.mainThread - start.cpu.mainThread) / wallMs) * 100;
  const cores = os.availableParallelism();
  const machineBusyPercent =
    start.machine && machineEnd && machineEnd.total > start.machine.total
      ? ((machineEnd.busy - start.machine.busy) / (machineEnd.total - start.machine.total)) * 100 * cores
      : null;
  return {
    processPercent,
    mainThreadPercent,
    otherThreadsPercent: processPercent - mainThreadPercent,
    machineBusyPercent,
  };
}
