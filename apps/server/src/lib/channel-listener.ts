import pg from 'pg';

// Waits between reconnection attempts; the last one repeats until the database is back.
const RECONNECT_DELAYS_MS = [250, 1_000, 2_000, 5_000];

export interface ChannelListenerEvents {
  onPayload(payload: string): void;
  /** The listener is back after losing its connection: whatever was sent in between is lost. */
  onResumed(): void;
  onError(error: Error): void;
}

/**
 * A dedicated connection that LISTENs on one channel and, when the database goes away (restart,
 * failover, an administrator ending it), connects and LISTENs again by itself with a growing pause,
 * so an outage does not silently end the messages between instances.
 */
export class ChannelListener {
  private client: pg.Client | null = null;
  private closed = false;
  private attempt = 0;
  private retry: NodeJS.Timeout | undefined;

  constructor(
    private readonly config: pg.ClientConfig,
    private readonly channel: string,
    private readonly events: ChannelListenerEvents,
  ) {}

  /** The first connection: failing here fails start-up, as any other database error would. */
  async start(): Promise<void> {
    await this.connect();
  }

  private async connect(): Promise<void> {
    const client = new pg.Client(this.config);
    client.on('error', (error) => this.events.onError(error));
    client.on('notification', (notification) => {
      if (notification.channel === this.channel && notification.payload)
        this.events.onPayload(notification.payload);
    });
    client.on('end', () => {
      // Only the live connection reconnects; one that failed to open is retried by scheduleReconnect.
      if (this.client !== client) return;
      this.client = null;
      if (!this.closed) this.scheduleReconnect();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${this.channel}`);
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    if (this.closed) {
      await client.end();
      return;
    }
    this.client = client;
  }

  private scheduleReconnect(): void {
    const delay = RECONNECT_DELAYS_MS[Math.min(this.attempt, RECONNECT_DELAYS_MS.length - 1)]!;
    this.attempt++;
    this.retry = setTimeout(() => {
      this.connect().then(
        () => {
          this.attempt = 0;
          if (!this.closed) this.events.onResumed();
        },
        () => {
          if (!this.closed) this.scheduleReconnect();
        },
      );
    }, delay);
    this.retry.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    await this.client?.end();
  }
}
