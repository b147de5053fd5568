import type { EventSourceLike } from '../live/live-connection.ts';

/** EventSources a test drives by hand: the server opens, sends, fails or stays silent as the test says. */
export class FakeEventSources {
  readonly opened: FakeEventSource[] = [];

  readonly open = (url: string): EventSourceLike => {
    const source = new FakeEventSource(url);
    this.opened.push(source);
    return source;
  };

  get latest(): FakeEventSource {
    const source = this.opened.at(-1);
    if (!source) throw new Error('no EventSource was opened');
    return source;
  }
}

export class FakeEventSource implements EventSourceLike {
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent<string>) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  closed = false;

  constructor(readonly url: string) {}

  accept(): void {
    this.onopen?.(new Event('open'));
  }

  send(data: unknown, lastEventId = ''): void {
    const text = typeof data === 'string' ? data : JSON.stringify(data);
    this.onmessage?.(new MessageEvent('message', { data: text, lastEventId }));
  }

  fail(): void {
    this.onerror?.(new Event('error'));
  }

  close(): void {
    this.closed = true;
  }
}
