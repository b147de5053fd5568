import type { NotificationList } from '@jalon/contract';
import type { KeptValues } from '../../offline/members-copy.ts';

// Kept in the meta store of the person's offline database, beside the members directory, and wiped with it.
const INBOX_KEY = 'notifications';
const READS_KEY = 'notification-reads';

const isList = (value: unknown): value is NotificationList =>
  typeof value === 'object' && value !== null && Array.isArray((value as { items?: unknown }).items);

/** The inbox as the device last read it, or null before its first read. */
export const readKeptInbox = async (kept: KeptValues): Promise<NotificationList | null> => {
  const value = await kept.readKept(INBOX_KEY);
  return isList(value) ? value : null;
};

export const keepInbox = (kept: KeptValues, list: NotificationList): Promise<void> =>
  kept.keep(INBOX_KEY, list);

/** The notifications read here whose read the server has not acknowledged yet, oldest first. */
export const readUnsentReads = async (kept: KeptValues): Promise<string[]> => {
  const value = await kept.readKept(READS_KEY);
  return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
};

// One change of the list at a time in this tab: each reads the list the previous one wrote.
let changing: Promise<unknown> = Promise.resolve();

function changeUnsent(kept: KeptValues, change: (ids: string[]) => string[]): Promise<string[]> {
  const run = changing.then(async () => {
    const ids = change(await readUnsentReads(kept));
    await kept.keep(READS_KEY, ids);
    return ids;
  });
  changing = run.catch(() => undefined);
  return run;
}

/** Adds reads to send (stored before the screen shows them read, like any write of the outbox). */
export const queueReads = (kept: KeptValues, ids: readonly string[]): Promise<string[]> =>
  changeUnsent(kept, (unsent) => [...unsent, ...ids.filter((id) => !unsent.includes(id))]);

/** Takes the reads the server has answered off the list. */
export const dropReads = (kept: KeptValues, ids: readonly string[]): Promise<string[]> =>
  changeUnsent(kept, (unsent) => unsent.filter((id) => !ids.includes(id)));
