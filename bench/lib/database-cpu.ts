import { readdirSync, readFileSync } from 'node:fs';

/** CPU time (ms) of each process of a set, by pid, at one moment. */
export type CpuSnapshot = Map<number, number>;

const ticksToMs = 10; // USER_HZ is 100 on Linux

/**
 * The PostgreSQL processes working for `database` on this machine (Linux /proc; empty elsewhere): its
 * backends (the process title names the database) and the cluster's shared writers (WAL writer,
 * checkpointer, background writer), which write every database's changes. Other databases' backends are
 * left out: the machine's PostgreSQL may serve others.
 */
export function postgresCpuSnapshot(database: string): CpuSnapshot {
  const snapshot: CpuSnapshot = new Map();
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return snapshot;
  }
  for (const pid of pids) {
    try {
      const title = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
      if (!title.startsWith('postgres: ')) continue;
      const ours =
        title.includes(` ${database} `) || /: (walwriter|checkpointer|background writer)\s*$/.test(title);
      if (!ours) continue;
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      snapshot.set(Number(pid), (Number(fields[11]) + Number(fields[12])) * ticksToMs);
    } catch {
      // gone meanwhile
    }
  }
  return snapshot;
}

/**
 * CPU of the set between two snapshots, in % of one core: a process born meanwhile counts from zero; one
 * that ended meanwhile is lost (the server's and the ceiling's pools keep their connections under load).
 */
export function cpuPercentSince(start: { at: number; cpu: CpuSnapshot }, end: CpuSnapshot): number | null {
  const wallMs = Date.now() - start.at;
  if (wallMs <= 0 || end.size === 0) return null;
  let ms = 0;
  for (const [pid, cpu] of end) ms += cpu - (start.cpu.get(pid) ?? 0);
  return (ms / wallMs) * 100;
}

/** CPU milliseconds the set spent between two snapshots (a process born meanwhile counts from zero). */
export function cpuMsBetween(start: CpuSnapshot, end: CpuSnapshot): number {
  let ms = 0;
  for (const [pid, cpu] of end) ms += cpu - (start.get(pid) ?? 0);
  return ms;
}
