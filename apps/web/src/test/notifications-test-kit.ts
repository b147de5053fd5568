import type { Notification } from '@jalon/contract';
import { json, pathOf, type RecordedCall } from './http.ts';

export const TASK = '11111111-1111-4111-8111-111111111111';
export const OTHER_TASK = '33333333-3333-4333-8333-333333333333';
const PROJECT = '22222222-2222-4222-8222-222222222222';
const CAMILLE = { id: '44444444-4444-4444-8444-444444444444', username: 'Camille Martin' };

let counter = 0;
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

/** One notification, unread, written `minutes` ago by Camille Martin. */
export function notification(overrides: Partial<Notification> & { minutes?: number } = {}): Notification {
  counter += 1;
  const { minutes = 5, ...fields } = overrides;
  return {
    id: `aaaaaaaa-aaaa-4aaa-8aaa-${String(counter).padStart(12, '0')}`,
    type: 'assigned',
    task: { id: TASK, title: 'Imprimer les kakémonos', projectId: PROJECT },
    actor: CAMILLE,
    commentId: null,
    createdAt: minutesAgo(minutes),
    readAt: null,
    ...fields,
  };
}

/**
 * The inbox routes as the server answers them, over `items` (newest first): the list in pages of
 * `pageSize` (`before` is the last id of the page before), a read, 'read-all'.
 * `offline(true)` makes every call fail as without a network. Other calls are left to the caller.
 */
export function inboxServer(items: Notification[], { pageSize = Infinity } = {}) {
  let network = true;
  const unread = () => items.filter((item) => item.readAt === null).length;
  const read = (item: Notification) => {
    item.readAt ??= new Date().toISOString();
  };
  return {
    items,
    offline: (on: boolean) => void (network = !on),
    handler(call: RecordedCall): Response | undefined {
      const path = pathOf(call);
      if (!path.startsWith('/notifications')) return undefined;
      if (!network) throw new TypeError('Failed to fetch');
      if (path.split('?')[0] === '/notifications' && call.method === 'GET') {
        const before = new URL(call.url, 'http://jalon.test').searchParams.get('before');
        const start = before === null ? 0 : items.findIndex((item) => item.id === before) + 1;
        const page = items.slice(start, start + pageSize);
        const more = start + pageSize < items.length;
        return json({
          items: page.map((item) => ({ ...item })),
          unread: unread(),
          next: more ? page.at(-1)!.id : null,
        });
      }
      if (path === '/notifications/read-all' && call.method === 'POST') {
        items.forEach(read);
        return json({ unread: 0 });
      }
      const one = /^\/notifications\/([^/]+)\/read$/.exec(path);
      const item = one && items.find((candidate) => candidate.id === one[1]);
      if (item && call.method === 'POST') {
        read(item);
        return json({ unread: unread() });
      }
      return undefined;
    },
  };
}
