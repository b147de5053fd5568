/**
 * Steady mixed load as a team using Jalon all day would make it: each client alternates reading a page
 * of tasks and editing one of its tasks, without pause, over real HTTP. Shared by the CI soak test
 * (`apps/server/src/faults/pglite-soak.test.ts`) and the long bench run (`bench/soak`).
 */
export interface SoakClient {
  token: string;
  /** Tasks this client edits in turn (a client never edits another's, so no 409 is expected). */
  taskIds: string[];
}

export interface SoakResult {
  requests: number;
  /** One line per failed request: status or network error, with the time it happened. */
  errors: string[];
  /** Requests slower than the budget. */
  slow: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

export interface SoakOptions {
  durationMs: number;
  /** A request slower than this counts as slow (the 2 s). */
  budgetMs?: number;
  /** A request that has not answered after this long is abandoned and counted as an error (a stall). */
  timeoutMs?: number;
  /** Called about every 10 s with the figures so far, so a long run shows it is alive. */
  onProgress?: (elapsedMs: number, sofar: SoakResult) => void;
}

const percentile = (sorted: number[], share: number): number =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))]!;

export async function runSoak(
  baseUrl: string,
  clients: SoakClient[],
  options: SoakOptions,
): Promise<SoakResult> {
  const budgetMs = options.budgetMs ?? 2_000;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const started = performance.now();
  const durations: number[] = [];
  const errors: string[] = [];
  const summary = (): SoakResult => {
    const sorted = [...durations].sort((a, b) => a - b);
    return {
      requests: durations.length,
      errors,
      slow: durations.filter((ms) => ms > budgetMs).length,
      p50Ms: percentile(sorted, 0.5),
      p99Ms: percentile(sorted, 0.99),
      maxMs: sorted.at(-1) ?? 0,
    };
  };
  const progress = options.onProgress
    ? setInterval(() => options.onProgress!(performance.now() - started, summary()), 10_000)
    : undefined;

  const timed = async (url: string, init: RequestInit): Promise<void> => {
    const begin = performance.now();
    const at = () => `${((begin - started) / 1000).toFixed(1)} s`;
    try {
      const response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
      await response.arrayBuffer();
      if (!response.ok) errors.push(`${init.method ?? 'GET'} ${url}: ${response.status} at ${at()}`);
    } catch (error) {
      errors.push(
        `${init.method ?? 'GET'} ${url}: ${error instanceof Error ? error.message : String(error)} at ${at()}`,
      );
    }
    durations.push(performance.now() - begin);
  };

  const clientLoop = async (client: SoakClient): Promise<void> => {
    const headers = { authorization: `Bearer ${client.token}`, 'content-type': 'application/json' };
    for (let turn = 0; performance.now() - started < options.durationMs; turn++) {
      await timed(`${baseUrl}/api/tasks?limit=50`, { headers });
      const id = client.taskIds[turn % client.taskIds.length]!;
      await timed(`${baseUrl}/api/tasks/${id}`, {
        method: 'PATCH',
        headers,
        body: JSON.stringify({ progress: turn % 101, title: `Tâche relue ${turn}` }),
      });
    }
  };

  try {
    await Promise.all(clients.map(clientLoop));
  } finally {
    clearInterval(progress);
  }
  return summary();
}
