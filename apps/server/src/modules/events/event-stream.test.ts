import { describe, expect, it } from 'vitest';
import { EventStream, sseMessage } from './event-stream.ts';

describe('EventStream', () => {
  it('cuts a client that reads nothing once its unsent bytes pass the bound, and says so once', () => {
    const closed: EventStream[] = [];
    const stream = new EventStream('session', 'user', 'token', 1_000, (gone) => closed.push(gone));
    const text = sseMessage({ type: 'ping' });
    for (let sent = 0; sent < 2_000; sent += text.length) stream.write(text);
    expect(stream.isClosed).toBe(true);
    expect(stream.output.destroyed).toBe(true);
    expect(closed).toEqual([stream]);
    stream.close();
    expect(closed).toHaveLength(1);
  });

  it('holds live messages during a replay and sends them after it, or one resync when too many waited', async () => {
    const received: string[] = [];
    const stream = new EventStream('session', 'user', 'token', 100_000, () => {});
    stream.output.on('data', (chunk: Buffer) => received.push(chunk.toString()));
    stream.holdLiveMessages();
    stream.deliver('live\n\n', 2);
    stream.write('replayed\n\n');
    stream.releaseLiveMessages('resync\n\n');
    await new Promise((resolve) => setImmediate(resolve));
    expect(received.join('')).toBe('replayed\n\nlive\n\n');

    stream.holdLiveMessages();
    for (let index = 0; index < 3; index++) stream.deliver(`live ${index}\n\n`, 2);
    stream.releaseLiveMessages('resync\n\n');
    await new Promise((resolve) => setImmediate(resolve));
    expect(received.join('')).toBe('replayed\n\nlive\n\nresync\n\n');
  });

  it('writes SSE messages with the change sequence as id, and none for a ping', () => {
    expect(sseMessage({ type: 'ping' })).toBe('data: {"type":"ping"}\n\n');
    expect(sseMessage({ type: 'resync' }, 42)).toBe('id: 42\ndata: {"type":"resync"}\n\n');
  });
});
