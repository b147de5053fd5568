import { randomUUID } from 'node:crypto';
import type { SyncBatchRequest, SyncBatchResponse, SyncEntity } from '@jalon/contract';
import {
  MemoryStore,
  SyncClient,
  type FlushResult,
  type PullPage,
  type PullTransport,
  type Row,
  type SyncStore,
  type SyncTransaction,
  type TransportResponse,
  contractChecks,
} from '@jalon/sync';
import { inject, type TestContext } from '../test-app.ts';

/**
 * The simulated network and devices of the sync property test: `@jalon/sync` clients on in-memory
 * stores, talking to the real server through `app.inject`, with every hop a point where the test's
 * scheduler may let another call run first, and where a fault may strike.
 */

/** A signed-in user; the token changes when the session is revoked and the user signs in again. */
export interface SimUser {
  id: string;
  email: string;
  password: string;
  token: string;
  sessionId: string;
}

/** Lets the scheduler run something else here (a no-op outside a scheduled run). */
export type Gate = (label: string) => Promise<void>;

/** Every batch the server answered 200, delivered or not: what the model replays. */
export interface AnsweredBatch {
  userId: string;
  request: SyncBatchRequest;
  answer: SyncBatchResponse;
}

export type SendFault = 'none' | 'dropRequest' | 'dropAnswer' | 'duplicate' | 'crashAfterAnswer';

export class Network {
  readonly answered: AnsweredBatch[] = [];
  /** Every batch status, and how many pulls were told to read everything again. */
  readonly statuses: number[] = [];
  /** Failures armed in the database right now (a `dbError` step): only then may a batch answer 5xx. */
  armed = 0;
  /** Batch answers of 5xx while no failure was armed: there must be none (issue 31). */
  readonly unexpected: string[] = [];
  resets = 0;

  constructor(
    readonly ctx: TestContext,
    public gate: Gate,
  ) {}

  async batch(user: SimUser, request: SyncBatchRequest): Promise<TransportResponse> {
    const response = await inject(this.ctx.app, {
      method: 'POST',
      url: '/api/sync/batch',
      token: user.token,
      payload: request,
    });
    const body = response.json();
    this.statuses.push(response.statusCode);
    if (response.statusCode >= 500 && this.armed === 0)
      this.unexpected.push(`${response.statusCode} ${response.body}`);
    if (response.statusCode !== 200) return { status: response.statusCode, body };
    this.answered.push({ userId: user.id, request, answer: body.data });
    return { status: 200, body: body.data };
  }

  /** One page of the catch-up read (a full read when `since` is null), in pages of `limit` rows of each kind. */
  async pull(
    user: SimUser,
    { since, clientId, ackedThrough: _acked }: Parameters<PullTransport>[0],
    limit: number,
  ): Promise<PullPage> {
    const query = new URLSearchParams({ clientId, limit: String(limit), ...(since !== null && { since }) });
    const response = await inject(this.ctx.app, {
      method: 'GET',
      url: `/api/sync/changes?${query.toString()}`,
      token: user.token,
    });
    if (response.statusCode !== 200) throw new Error(`pull: ${response.statusCode}`);
    const body = response.json();
    if (body.resetRequired) this.resets += 1;
    return {
      rows: body.data as PullPage['rows'],
      cursor: body.cursor,
      hasMore: Boolean(body.hasMore),
      lastSeq: body.lastSeq ?? 0,
      resetRequired: Boolean(body.resetRequired),
    };
  }

  /**
   * What a kind's own REST list answers (a device's copy is checked against it): every live row, or for
   * comments the first page of all of them, tombstones included.
   */
  async fullRead(user: SimUser, entity: SyncEntity): Promise<Row[]> {
    const path = {
      project: '/api/projects',
      label: '/api/labels',
      task: '/api/tasks?limit=5000',
      comment: '/api/comments',
    };
    const response = await inject(this.ctx.app, { method: 'GET', url: path[entity], token: user.token });
    if (response.statusCode !== 200) throw new Error(`read ${entity}: ${response.statusCode}`);
    return response.json().data as Row[];
  }
}

/** The store as one client object sees it: after a crash, that object can no longer commit anything. */
class ClientStore implements SyncStore {
  dead = false;

  constructor(private readonly inner: MemoryStore) {}

  atomically<T>(work: (tx: SyncTransaction) => Promise<T>): Promise<T> {
    return this.inner.atomically(async (tx) => {
      const result = await work(tx);
      if (this.dead) throw new CrashedError();
      return result;
    });
  }
}

export class CrashedError extends Error {
  constructor() {
    super('the device crashed before this transaction committed');
  }
}

/** One browser installation of a user: its store survives crashes; its client object does not. */
export class SimDevice {
  client!: SyncClient;
  private handle!: ClientStore;
  private readonly store = new MemoryStore();
  /** Every page this device received, by entity, for a stale answer to arrive late. */
  readonly pages: PullPage[] = [];
  /** The highest version each entity has shown here: shown versions never go back. */
  readonly shown = new Map<string, number>();
  crashes = 0;

  constructor(
    readonly name: string,
    readonly user: SimUser,
    private readonly network: Network,
    private readonly clock: { now: number },
  ) {}

  async open(): Promise<void> {
    this.handle = new ClientStore(this.store);
    this.client = await SyncClient.open({
      store: this.handle,
      userId: this.user.id,
      now: () => this.clock.now,
      newId: randomUUID,
      random: () => 0.5,
      checks: contractChecks,
    });
  }

  /** The device dies: whatever its client object had not committed is lost; it starts again on its store. */
  async crash(): Promise<void> {
    this.handle.dead = true;
    this.crashes += 1;
    await this.open();
  }

  /** Flushes through the network with one fault on the first send. A crash reopens the client. */
  async flush(fault: SendFault = 'none'): Promise<FlushResult | { status: 'crashed' }> {
    let first = true;
    const handle = this.handle;
    const send = async (request: SyncBatchRequest): Promise<TransportResponse> => {
      const strike = first ? fault : 'none';
      first = false;
      await this.network.gate(
        `${this.name} sends seq ${request.operations.map((operation) => operation.seq).join(',')}${strike === 'none' ? '' : ` (${strike})`}`,
      );
      if (strike === 'dropRequest') throw new TypeError('Failed to fetch');
      const response =
        strike === 'duplicate'
          ? (
              await Promise.all([
                this.network.batch(this.user, request),
                this.network.batch(this.user, request),
              ])
            )[this.clock.now % 2]!
          : await this.network.batch(this.user, request);
      await this.network.gate(`${this.name} receives the answer to seq ${request.operations[0]?.seq}`);
      if (strike === 'dropAnswer') throw new TypeError('The network connection was lost');
      if (strike === 'crashAfterAnswer') handle.dead = true;
      return response;
    };
    try {
      return await this.client.flush(send);
    } catch (error) {
      if (!(error instanceof CrashedError)) throw error;
      this.crashes += 1;
      await this.open();
      return { status: 'crashed' };
    }
  }

  /** Pulls; with `stale`, the first delta page is one this device received earlier (the `stale`-th kept), arriving late. */
  async pull(stale?: number): Promise<void> {
    let late = stale !== undefined;
    const fetchPage: PullTransport = async (request) => {
      await this.network.gate(`${this.name} pulls`);
      const old = this.pages[(stale ?? 0) % Math.max(this.pages.length, 1)];
      if (late && request.since !== null && old) {
        late = false;
        return old;
      }
      const page = await this.network.pull(this.user, request, 7);
      this.pages.push(page);
      return page;
    };
    await this.client.pull(fetchPage);
  }

  /** Records what the device shows now, and answers the ids of versions that went back. */
  async observe(): Promise<string[]> {
    const wentBack: string[] = [];
    for (const entity of ['task', 'project'] as const) {
      for (const row of await this.client.view(entity)) {
        const before = this.shown.get(row.id) ?? -1;
        if (row.version < before)
          wentBack.push(`${this.name} ${entity} ${row.id}: version ${row.version} after ${before}`);
        this.shown.set(row.id, Math.max(before, row.version));
      }
    }
    return wentBack;
  }
}
