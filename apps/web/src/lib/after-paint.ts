/** Longest wait for a frame: a tab opened in the background paints nothing, but must still start its work. */
const FRAME_WAIT_MS = 200;

/**
 * Runs `task` once the browser has painted what is on screen now: work that the first screen does not
 * show (the offline engine and its store, the live stream) then stays out of the screen's first paint and its
 * longest tasks (issue 17, Lighthouse). Answers a function that cancels the task if it has not run.
 */
export function afterNextPaint(task: () => void): () => void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    clearTimeout(fallback);
    // Optional call: the fallback may fire in a page already torn down (a unit test's environment after
    // its test ended: nextPaint() cannot be cancelled), where the frame API is gone.
    globalThis.cancelAnimationFrame?.(frame);
    task();
  };
  // A frame's callbacks run just before its paint; the timeout then starts the task just after it.
  const frame = requestAnimationFrame(() => setTimeout(run, 0));
  const fallback = setTimeout(run, FRAME_WAIT_MS);
  return () => {
    done = true;
    cancelAnimationFrame(frame);
    clearTimeout(fallback);
  };
}

/** afterNextPaint as a promise, for work that starts with an import(). */
export const nextPaint = (): Promise<void> => new Promise((resolve) => afterNextPaint(resolve));

interface Scheduler {
  yield(): Promise<void>;
}

/**
 * Resolves in a new task, so that the work after it does not lengthen the task that is running: a read of
 * the device's copy and the render of what it read were one long task (issue 17). `scheduler.yield()`
 * where the browser has it (Chromium), which resumes ahead of other queued tasks; a timeout elsewhere.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Partial<Scheduler> }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
