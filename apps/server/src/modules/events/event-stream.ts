import type { ServerResponse } from 'node:http';
import { PassThrough } from 'node:stream';

/** One message in the SSE wire format; `id` is a change sequence, omitted for pings. */
export const sseMessage = (data: unknown, id?: number): string =>
  `${id === undefined ? '' : `id: ${id}\n`}data: ${JSON.stringify(data)}\n\n`;

/**
 * One open `GET /api/events` response. Writes never wait: when more than `maxBufferedBytes` sit unsent
 * (the client reads too slowly), the connection is cut rather than buffered without end; the client
 * reconnects with its Last-Event-ID.
 */
export class EventStream {
  readonly output = new PassThrough();
  private closed = false;
  /** While the replay is read, live messages wait here (bounded: past it, a resync replaces them). */
  private pending: string[] | null = null;
  private pendingOverflow = false;

  constructor(
    readonly sessionId: string,
    readonly userId: string,
    /** The session cookie's token, authenticated again at each heartbeat. */
    readonly token: string,
    private readonly maxBufferedBytes: number,
    private readonly onClosed: (stream: EventStream) => void,
  ) {
    this.output.on('close', () => this.finish());
  }

  private raw: ServerResponse | null = null;

  attach(raw: ServerResponse): void {
    this.raw = raw;
    raw.on('close', () => this.close());
  }

  get isClosed(): boolean {
    return this.closed;
  }

  holdLiveMessages(): void {
    this.pending = [];
  }

  /** Sends what waited during the replay, or one resync when too much did. */
  releaseLiveMessages(resync: string): void {
    const pending = this.pending ?? [];
    this.pending = null;
    if (this.pendingOverflow) this.write(resync);
    else for (const text of pending) this.write(text);
  }

  /** A live message: held during a replay, written otherwise. */
  deliver(text: string, holdLimit: number): void {
    if (!this.pending) return this.write(text);
    if (this.pending.length >= holdLimit) this.pendingOverflow = true;
    else this.pending.push(text);
  }

  write(text: string): void {
    if (this.closed) return;
    // Once the answer has started and nothing waits in the pass-through, the text goes straight to the
    // socket: the same order, without a stream hop per connection (a fan-out writes to every one).
    const raw = this.raw;
    if (
      raw?.headersSent &&
      !raw.writableEnded &&
      this.output.readableLength === 0 &&
      this.output.writableLength === 0
    )
      raw.write(text);
    else this.output.write(text);
    const buffered =
      this.output.writableLength + this.output.readableLength + (this.raw?.writableLength ?? 0);
    if (buffered > this.maxBufferedBytes) this.drop();
  }

  /** Writes a last message, past any replay still being read, then ends the response. */
  end(lastMessage: string): void {
    this.pending = null;
    this.write(lastMessage);
    this.close();
  }

  /** Ends the response cleanly: the client sees the stream end and reconnects. */
  close(): void {
    if (this.closed) return;
    this.output.end();
    this.finish();
  }

  private drop(): void {
    this.finish();
    this.output.destroy();
    this.raw?.destroy();
  }

  private finish(): void {
    if (this.closed) return;
    this.closed = true;
    this.pending = null;
    this.onClosed(this);
  }
}
