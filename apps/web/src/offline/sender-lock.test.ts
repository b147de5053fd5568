import 'fake-indexeddb/auto';
import { contractChecks, SyncClient, type BatchTransport } from '@jalon/sync';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openOfflineStore, type IndexedDbStore } from './indexeddb-store.ts';
import { FakeBrowser, type FakeTab } from '../test/fake-tabs.ts';
import { FakeSyncServer } from '../test/fake-sync-server.ts';
import { joinSenderLock, type SenderLock, type SenderLockOptions } from './sender-lock.ts';

// A new user per test: each test gets its own database.
let user: string;
beforeEach(() => (user = crypto.randomUUID()));
const joined: SenderLock[] = [];
const stores: IndexedDbStore[] = [];
afterEach(() => {
  joined.splice(0).forEach((lock) => lock.release());
  stores.splice(0).forEach((store) => store.close());
});

function join(tab: FakeTab | null, overrides: Partial<SenderLockOptions> = {}) {
  const lead = vi.fn(() => () => undefined);
  const onMessage = vi.fn();
  const lock = joinSenderLock({
    userId: user,
    lead,
    onMessage,
    locks: tab?.locks,
    openChannel: tab?.openChannel ?? (() => undefined),
    ...overrides,
  });
  joined.push(lock);
  return { lock, lead, onMessage };
}

const settle = () => new Promise((resolve) => setTimeout(resolve));

describe('sender lock', () => {
  it('makes one tab of two the sender, and the other when the first lets go', async () => {
    const browser = new FakeBrowser();
    const first = join(browser.openTab());
    const second = join(browser.openTab());
    await settle();
    expect([first.lock.isSender(), second.lock.isSender()]).toEqual([true, false]);
    first.lock.release();
    await settle();
    expect([first.lock.isSender(), second.lock.isSender(), second.lead.mock.calls.length]).toEqual([
      false,
      true,
      1,
    ]);
  });

  it('tells the other tabs, not itself, what changed', async () => {
    const browser = new FakeBrowser();
    const sender = join(browser.openTab());
    const follower = join(browser.openTab());
    sender.lock.announce('changed');
    follower.lock.announce('edited');
    await settle();
    expect(follower.onMessage.mock.calls).toEqual([['changed']]);
    expect(sender.onMessage.mock.calls).toEqual([['edited']]);
  });

  it('leaves the queue when released before its turn, and stops its sending when released after', async () => {
    const browser = new FakeBrowser();
    const stop = vi.fn();
    const sender = join(browser.openTab(), { lead: () => stop });
    const waiting = join(browser.openTab());
    const third = join(browser.openTab());
    waiting.lock.release();
    sender.lock.release();
    await settle();
    expect([stop.mock.calls.length, waiting.lead.mock.calls.length, third.lock.isSender()]).toEqual([
      1,
      0,
      true,
    ]);
  });

  it('sends from this tab when the browser has no Web Locks', () => {
    expect(join(null).lock.isSender()).toBe(true);
  });

  describe('when the sender dies in the middle of a send', () => {
    async function tabWithClient(browser: FakeBrowser) {
      const result = await openOfflineStore(user);
      if (result.status !== 'ready') throw new Error('IndexedDB did not open');
      stores.push(result.store);
      return {
        tab: browser.openTab(),
        client: await SyncClient.open({
          store: result.store,
          userId: user,
          now: () => Date.now(),
          newId: () => crypto.randomUUID(),
          checks: contractChecks,
        }),
      };
    }

    it.each([
      ['its batch reached the server, the answer was lost', true],
      ['its batch never left', false],
    ])('the next tab resends the same seqs, and each is applied once (%s)', async (_case, reached) => {
      const server = new FakeSyncServer();
      const browser = new FakeBrowser();
      const a = await tabWithClient(browser);
      const b = await tabWithClient(browser);
      for (const name of ['Un', 'Deux', 'Trois'])
        await a.client.edit({ op: 'create', entity: 'project', data: { name } });

      const dyingSend: BatchTransport = (request) => {
        if (reached) server.batch(request);
        a.tab.die();
        return new Promise(() => undefined);
      };
      const sent = vi.fn();
      join(a.tab, { lead: () => (void a.client.flush(dyingSend), () => undefined) });
      join(b.tab, { lead: () => (void b.client.flush(server.send).then(sent), () => undefined) });
      await vi.waitFor(() => expect(sent).toHaveBeenCalled());

      expect(server.received).toEqual(reached ? [1, 2, 3, 1, 2, 3] : [1, 2, 3]);
      expect(server.applied).toEqual([1, 2, 3]);
      expect((await b.client.entries()).map((entry) => [entry.seq, entry.state])).toEqual([
        [1, 'acked'],
        [2, 'acked'],
        [3, 'acked'],
      ]);
    });
  });
});
