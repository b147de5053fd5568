import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/** Every child and temporary folder this run made, so that any exit path can clean them all up. */
const running = new Set<Child>();
const tempDirs = new Set<string>();

export const trackTempDir = (dir: string) => void tempDirs.add(dir);
export const untrackTempDir = (dir: string) => void tempDirs.delete(dir);

export interface Child {
  process: ChildProcess;
  pid: number;
  /** stdout and stderr so far (capped), for error messages. */
  output: () => string;
  exited: Promise<number | null>;
}

const OUTPUT_CAP = 64 * 1024;

export function startChild(
  command: string,
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv },
): Child {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env ?? process.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (child.pid === undefined) throw new Error(`could not start ${command} ${args.join(' ')}`);
  let output = '';
  const keep = (chunk: Buffer) => {
    output += chunk.toString('utf8');
    if (output.length > OUTPUT_CAP) output = output.slice(-OUTPUT_CAP);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let handle: Child | undefined = undefined;
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => {
      if (handle) running.delete(handle);
      resolve(code);
    });
    child.once('error', () => {
      if (handle) running.delete(handle);
      resolve(null);
    });
  });
  handle = { process: child, pid: child.pid, output: () => output, exited };
  running.add(handle);
  return handle;
}

/** SIGTERM, then SIGKILL if the child has not exited within `graceMs`. */
export async function stopChild(child: Child, graceMs = 10_000): Promise<void> {
  if (child.process.exitCode !== null || child.process.signalCode !== null) return;
  child.process.kill('SIGTERM');
  const stopped = await Promise.race([child.exited.then(() => true), sleep(graceMs).then(() => false)]);
  if (!stopped) {
    child.process.kill('SIGKILL');
    await Promise.race([child.exited, sleep(2_000)]);
  }
}

/** On any exit of the orchestrator: stop whatever is still running (bounded), then remove temp folders. */
export async function cleanUpChildren(): Promise<void> {
  await Promise.all([...running].map((child) => stopChild(child, 10_000)));
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
  tempDirs.clear();
}

/** Waits for a line containing `marker` on the child's output. */
export async function waitForOutput(child: Child, marker: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.output().includes(marker)) return;
    if (child.process.exitCode !== null)
      throw new Error(`child exited (${child.process.exitCode}) before "${marker}":\n${child.output()}`);
    await sleep(50);
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for "${marker}":\n${child.output()}`);
}

/** Polls `url` until it answers 200, for at most `timeoutMs`. */
export async function waitForHttp200(url: string, child: Child, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.process.exitCode !== null)
      throw new Error(`server exited (${child.process.exitCode}) before answering:\n${child.output()}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms:\n${child.output()}`);
}

/** A port that was free a moment ago on the loopback interface. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

/**
 * CPU time (user + system, in ms) of a process and of its main thread, read from /proc (Linux only;
 * `null` elsewhere). The difference between the two is the time of its other threads (PGlite's worker).
 */
export function cpuTimeMs(pid: number): { process: number; mainThread: number } | null {
  try {
    const ticksToMs = 10; // USER_HZ is 100 on Linux
    const parse = (text: string) => {
      const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
      return (Number(fields[11]) + Number(fields[12])) * ticksToMs; // utime, stime
    };
    return {
      process: parse(readFileSync(`/proc/${pid}/stat`, 'utf8')),
      mainThread: parse(readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8')),
    };
  } catch {
    return null;
  }
}

/** Whole-machine CPU counters from /proc/stat (all cores), to tell our load from the neighbours'. */
export function machineCpuTicks(): { busy: number; total: number } | null {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
    const fields = line.trim().split(/\s+/).slice(1).map(Number);
    const idle = (fields[3] ?? 0) + (fields[4] ?? 0); // idle + iowait
    const total = fields.slice(0, 8).reduce((sum, value) => sum + value, 0); // without guest time, counted in user
    return { busy: total - idle, total };
  } catch {
    return null;
  }
}

/** Resident memory of a process in KiB (VmRSS in /proc/<pid>/status; Linux only, `null` elsewhere). */
export function rssKiB(pid: number): number | null {
  try {
    const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

/**
 * CPU time (user + system, in ms) of all the descendants of a process alive now, from /proc (Linux only;
 * `null` elsewhere): the bench's browser and servers together, without the bench itself. A descendant
 * that exited in between is not counted (Chromium keeps its renderer for a same-site navigation).
 */
export function descendantsCpuMs(rootPid: number): number | null {
  const ticksToMs = 10; // USER_HZ is 100 on Linux
  const children = new Map<number, number[]>();
  const cpu = new Map<number, number>();
  try {
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      let text: string;
      try {
        text = readFileSync(`/proc/${entry}/stat`, 'utf8');
      } catch {
        continue; // exited while listed
      }
      const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
      const pid = Number(entry);
      const parent = Number(fields[1]);
      cpu.set(pid, (Number(fields[11]) + Number(fields[12])) * ticksToMs);
      children.set(parent, [...(children.get(parent) ?? []), pid]);
    }
  } catch {
    return null;
  }
  let total = 0;
  const stack = [...(children.get(rootPid) ?? [])];
  while (stack.length > 0) {
    const pid = stack.pop()!;
    total += cpu.get(pid) ?? 0;
    stack.push(...(children.get(pid) ?? []));
  }
  return total;
}
