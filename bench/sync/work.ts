import { SEED, taskId } from '../tasks/seed.ts';

/**
 * Which seeded tasks each measurement changes, and to what. Only in-progress tasks (i % 4 = 1, seeded
 * with progress (7 i) % 100 and version 0), so that every change moves its project's progress sum as a
 * person's would. They are dealt to the measurements in turn (ceiling, batch, single PATCH, single PATCH
 * on the baseline server), then
 * to each loop (device) in turn: no two loops ever change the same task, so each can keep the versions
 * of its own tasks and send the right one without asking, and after the run the sum of the versions of a
 * measurement's tasks must equal the number of changes it counted.
 */
export type Measurement = 'ceiling' | 'batch' | 'patch' | 'baselinePatch';
const MEASUREMENTS: Measurement[] = ['ceiling', 'batch', 'patch', 'baselinePatch'];

export const BATCH_SIZE = 50;

/** Seed index i of every task a measurement changes. */
export function tasksOf(measurement: Measurement): number[] {
  const slot = MEASUREMENTS.indexOf(measurement);
  const indexes: number[] = [];
  for (let i = 1, k = 0; i <= SEED.tasks; i += 4, k++) if (k % MEASUREMENTS.length === slot) indexes.push(i);
  return indexes;
}

/** A task as one device knows it: what it last wrote (or the seed), and the version that has. */
export interface KnownTask {
  id: string;
  i: number;
  version: number;
  progress: number;
  title: string;
}

/** The tasks of loop `loop` among `loops`, as seeded (tasks/seed.ts). */
export function deviceTasks(measurement: Measurement, loop: number, loops: number): KnownTask[] {
  return tasksOf(measurement)
    .filter((_, k) => k % loops === loop)
    .map((i) => ({
      id: taskId(i),
      i,
      version: 0,
      progress: (i * 7) % 100,
      title: `Tâche ${i} : préparer le lot ${i % 37}`,
    }));
}

/** The next change of a task: a different progress and title every time. */
export const nextValues = (task: KnownTask) => ({
  progress: (task.progress + 7) % 101,
  title: `Tâche ${task.i} : lot ${task.i % 37}, passe ${task.version + 1}`,
});

/** A device's tasks in turn, `count` at a time, wrapping around: row locks and versions move. */
export class Rotation {
  private next = 0;
  constructor(readonly tasks: KnownTask[]) {
    if (tasks.length < BATCH_SIZE) throw new Error(`a device needs at least ${BATCH_SIZE} tasks`);
  }

  take(count: number): KnownTask[] {
    const taken = Array.from({ length: count }, (_, k) => this.tasks[(this.next + k) % this.tasks.length]!);
    this.next = (this.next + count) % this.tasks.length;
    return taken;
  }
}
