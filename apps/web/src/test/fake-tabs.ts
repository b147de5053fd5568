import type { WorkerLocks } from '../offline/service-worker/background-sync.ts';
import type { LockRequester, SyncChannel, SyncMessage } from '../offline/sender-lock.ts';

interface LockRequest {
  tab: number;
  name: string;
  callback: () => Promise<void>;
  settle: (error?: unknown) => void;
}

export interface FakeTab {
  locks: LockRequester;
  openChannel: (name: string) => SyncChannel;
  /** The tab is gone (closed, crashed): its locks go to the next in line, its channels fall silent. */
  die(): void;
}

/**
 * One browser's Web Locks and BroadcastChannels, shared by fake tabs: a lock goes to the first tab that
 * asks and, when it is released or its tab dies, to the next one waiting; a message reaches every other
 * open channel of that name, a moment later, as in a browser.
 */
export class FakeBrowser {
  private readonly queue: LockRequest[] = [];
  private readonly held = new Map<string, LockRequest>();
  private readonly channels: Array<{
    tab: number;
    name: string;
    listeners: Array<(message: SyncMessage) => void>;
  }> = [];
  private nextTab = 0;

  openTab(): FakeTab {
    const tab = (this.nextTab += 1);
    return {
      locks: { request: (name, { signal }, callback) => this.request({ tab, name, callback }, signal) },
      openChannel: (name) => this.openChannel(tab, name),
      die: () => {
        this.queue.splice(0, this.queue.length, ...this.queue.filter((request) => request.tab !== tab));
        for (const [name, holder] of this.held) if (holder.tab === tab) this.release(name);
        this.channels.splice(
          0,
          this.channels.length,
          ...this.channels.filter((channel) => channel.tab !== tab),
        );
      },
    };
  }

  /**
   * The service worker's side of the same locks: `ifAvailable` requests, granted at once when the lock is
   * free (the tabs asking meanwhile wait their turn) and answered `null` when a tab holds it.
   */
  workerLocks(): WorkerLocks {
    return {
      request: async (name, _options, callback) => {
        if (this.held.has(name)) return callback(null);
        const holder: LockRequest = {
          tab: 0,
          name,
          callback: async () => undefined,
          settle: () => undefined,
        };
        this.held.set(name, holder);
        try {
          return await callback({});
        } finally {
          this.release(name);
        }
      },
    };
  }

  private request(request: Omit<LockRequest, 'settle'>, signal: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      const queued: LockRequest = { ...request, settle: (error) => (error ? reject(error) : resolve()) };
      signal.addEventListener('abort', () => {
        const index = this.queue.indexOf(queued);
        if (index < 0) return;
        this.queue.splice(index, 1);
        reject(new DOMException('Aborted', 'AbortError'));
      });
      this.queue.push(queued);
      this.grant(request.name);
    });
  }

  private grant(name: string): void {
    const next = this.held.has(name) ? undefined : this.queue.find((request) => request.name === name);
    if (!next) return;
    this.queue.splice(this.queue.indexOf(next), 1);
    this.held.set(name, next);
    next.callback().then(
      () => this.held.get(name) === next && this.release(name),
      (error: unknown) => this.held.get(name) === next && this.release(name, error),
    );
  }

  private release(name: string, error?: unknown): void {
    const holder = this.held.get(name)!;
    this.held.delete(name);
    holder.settle(error);
    this.grant(name);
  }

  private openChannel(tab: number, name: string): SyncChannel {
    const channel = { tab, name, listeners: [] as Array<(message: SyncMessage) => void> };
    this.channels.push(channel);
    return {
      post: (message) => {
        const reaches = (other: typeof channel) => other.name === name && other !== channel;
        setTimeout(() =>
          this.channels
            .filter(reaches)
            .forEach((other) => other.listeners.forEach((listener) => listener(message))),
        );
      },
      subscribe: (listener) => void channel.listeners.push(listener),
      close: () => {
        const index = this.channels.indexOf(channel);
        if (index >= 0) this.channels.splice(index, 1);
      },
    };
  }
}
