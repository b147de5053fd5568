import { seedMember, serverEnv } from '../test/server-database.ts';
import type { HttpAnswer } from '../test/http-request.ts';
import { ServerProcess } from '../test/server-process.ts';

const COUNTER_TITLE = /^counter (\d+)$/;
const PAUSE_AFTER_FAILURE_MS = 50;

/** What one client saw: every 2xx is a promise that the write is kept. */
export interface WriteLedger {
  /** Tasks whose creation was acknowledged, id -> title. */
  created: Map<string, string>;
  /** The highest counter value a PATCH was acknowledged for. */
  counterAcknowledged: number;
  /** Answers that were neither 2xx nor a network failure, as `status code`. */
  refusals: string[];
  /** Requests that got no answer at all (the server was down or killed mid-request). */
  networkFailures: number;
}

/**
 * A member's steady stream of writes against a server that tests kill, starve or restart: one loop
 * creates tasks, one renames a counter task with an increasing number, each without pause. Only
 * acknowledged (2xx) writes are recorded, so a test can check afterwards that all of them are kept.
 */
export class WriteStream {
  readonly ledger: WriteLedger = {
    created: new Map(),
    counterAcknowledged: 0,
    refusals: [],
    networkFailures: 0,
  };
  private running = false;
  private loops: Promise<void>[] = [];
  private sequence = 0;

  private constructor(
    private readonly server: ServerProcess,
    private readonly token: string,
    readonly projectId: string,
    private readonly counterTaskId: string,
  ) {}

  /** Makes the project and the counter task the stream writes to (the server must be up). */
  static async prepare(server: ServerProcess, token: string): Promise<WriteStream> {
    const project = await server.request('POST', '/api/projects', {
      token,
      body: { name: 'Pannes', description: 'Écritures sous panne', deadline: '2030-01-01T00:00:00Z' },
    });
    const projectId = dataOf(project).id;
    const counter = await server.request('POST', '/api/tasks', {
      token,
      body: { title: 'counter 0', project: projectId },
    });
    return new WriteStream(server, token, projectId, dataOf(counter).id);
  }

  get acknowledged(): number {
    return this.ledger.created.size + this.ledger.counterAcknowledged;
  }

  start(): void {
    this.running = true;
    this.loops = [this.loop(() => this.createOne()), this.loop(() => this.bumpCounter())];
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.loops);
  }

  /** Resolves once `count` more writes have been acknowledged; fails after `timeoutMs`. */
  async waitForMore(count: number, timeoutMs: number): Promise<void> {
    const target = this.acknowledged + count;
    const deadline = Date.now() + timeoutMs;
    while (this.acknowledged < target) {
      if (Date.now() > deadline) {
        throw new Error(
          `Only ${this.acknowledged} of ${target} writes acknowledged after ${timeoutMs} ms; refusals: ${this.ledger.refusals.slice(-5).join(', ')}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** Every acknowledged write, as the server answers now: the missing ones, [] when all are kept. */
  async findLost(): Promise<string[]> {
    const lost: string[] = [];
    for (const [id, title] of this.ledger.created) {
      const answer = await this.server.request('GET', `/api/tasks/${id}`, { token: this.token });
      if (answer.status !== 200 || dataOf(answer).title !== title)
        lost.push(`task ${id} "${title}" (${answer.status})`);
    }
    const counter = dataOf(
      await this.server.request('GET', `/api/tasks/${this.counterTaskId}`, { token: this.token }),
    );
    const kept = Number(COUNTER_TITLE.exec(String(counter.title))?.[1] ?? -1);
    // A write can commit and lose its answer to the kill, so the database may be ahead, never behind.
    if (kept < this.ledger.counterAcknowledged)
      lost.push(`counter at ${kept}, ${this.ledger.counterAcknowledged} acknowledged`);
    return lost;
  }

  private async loop(write: () => Promise<boolean>): Promise<void> {
    while (this.running) {
      let acknowledged = false;
      try {
        acknowledged = await write();
      } catch {
        this.ledger.networkFailures++;
      }
      // Without a pause an outage that answers at once would turn this loop into a busy spin.
      if (!acknowledged) await new Promise((resolve) => setTimeout(resolve, PAUSE_AFTER_FAILURE_MS));
    }
  }

  private async createOne(): Promise<boolean> {
    const title = `write ${++this.sequence}`;
    const answer = await this.server.request('POST', '/api/tasks', {
      token: this.token,
      body: { title, project: this.projectId },
      timeoutMs: 15_000,
    });
    if (!this.record(answer)) return false;
    this.ledger.created.set(dataOf(answer).id, title);
    return true;
  }

  private async bumpCounter(): Promise<boolean> {
    const value = this.ledger.counterAcknowledged + 1;
    const answer = await this.server.request('PATCH', `/api/tasks/${this.counterTaskId}`, {
      token: this.token,
      body: { title: `counter ${value}` },
      timeoutMs: 15_000,
    });
    if (!this.record(answer)) return false;
    this.ledger.counterAcknowledged = value;
    return true;
  }

  /** True for a 2xx; anything else is kept for the test to judge. */
  private record(answer: HttpAnswer): boolean {
    if (answer.status >= 200 && answer.status < 300) return true;
    this.ledger.refusals.push(
      `${answer.status} ${(answer.body as { code?: string } | null)?.code ?? ''}`.trim(),
    );
    return false;
  }
}

function dataOf(answer: HttpAnswer): { id: string; title?: string } & Record<string, unknown> {
  const data = (answer.body as { data?: { id: string } } | null)?.data;
  if (!data) throw new Error(`Unexpected answer ${answer.status}: ${JSON.stringify(answer.body)}`);
  return data;
}

/**
 * The start of every fault test: a member seeded in the target database, the real server started on it
 * (killed by `defer` at the end), signed in, and a stream of writes running.
 */
export async function startWritingServer(
  target: Parameters<typeof seedMember>[0],
  defer: (cleanup: () => Promise<void>) => void,
): Promise<{ server: ServerProcess; token: string; stream: WriteStream }> {
  const member = await seedMember(target);
  const server = await ServerProcess.start({ env: serverEnv(target) });
  defer(() => server.kill());
  const token = await server.signIn(member.email, member.password);
  const stream = await WriteStream.prepare(server, token);
  stream.start();
  return { server, token, stream };
}
