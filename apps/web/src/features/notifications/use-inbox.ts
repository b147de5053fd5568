import type { NotificationList } from '@jalon/contract';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { isApiError } from '../../lib/api-error.ts';
import { useOnlineStatus } from '../../lib/use-online-status.ts';
import { keptInMemory, type KeptValues } from '../../offline/members-copy.ts';
import { useWorkEngine } from '../../offline/work-context.tsx';
import { inboxKey, inboxQueryOptions, markAllRead, markRead } from './api/notifications-api.ts';
import { dropReads, keepInbox, queueReads, readKeptInbox, readUnsentReads } from './inbox-copy.ts';
import { unreadIds, withReads } from './inbox-model.ts';

const unsentKey = ['notifications', 'unsent'] as const;
// Until the engine has opened the person's store (a moment after the shell paints), reads wait in memory.
const beforeEngine = keptInMemory();

export interface Inbox {
  /** The first page, newest first, with the reads made here shown as done; null until anything is known. */
  list: NotificationList | null;
  /** The server could not be asked: the list is the one this device last read. */
  fromCopy: boolean;
  status: 'loading' | 'ready' | 'failed';
  error: unknown;
  /** When the list was read, which its relative ages count from. */
  readAt: Date;
  /** Marks entries read here at once; the server is told now, or once it can be reached. */
  read: (ids: readonly string[]) => void;
  /** 'Tout marquer comme lu': every unread notification on the server, those shown here at least. */
  readAll: () => void;
}

/** A read the server answers 4xx for (the notification is gone) has nothing left to send. */
const settledByRefusal = (error: unknown): boolean =>
  isApiError(error) && error.status !== null && error.status < 500 && ![401, 408, 429].includes(error.status);

/**
 * The reads not sent yet are taken off the list as the server answers them, one after the other; a
 * network failure, or a server that does not answer, leaves the rest for the next time.
 */
let sending: Promise<void> = Promise.resolve();

/**
 * 'Tout marquer comme lu' is under way: its reads are stored first, and every mounted inbox (the shell's
 * button and the page) would otherwise send them one by one beside the one request that reads them all.
 */
let readingAll = false;

async function settle(kept: KeptValues, queryClient: QueryClient, done: readonly string[]): Promise<void> {
  if (done.length === 0) return;
  queryClient.setQueryData(unsentKey, await dropReads(kept, done));
  await queryClient.invalidateQueries({ queryKey: inboxKey });
}

function sendReads(kept: KeptValues, queryClient: QueryClient): Promise<void> {
  sending = sending.then(async () => {
    const done: string[] = [];
    for (const id of await readUnsentReads(kept)) {
      try {
        await markRead(id);
        done.push(id);
      } catch (error) {
        if (!settledByRefusal(error)) break;
        done.push(id);
      }
    }
    await settle(kept, queryClient, done);
  });
  sending = sending.catch((error: unknown) => console.warn('Lectures de notifications non envoyées', error));
  return sending;
}

/**
 * The person's inbox, shared by the shell's button, its panel and /notifications: the server's first
 * page while it answers, the device's copy of it otherwise (kept with the offline copy of the tasks), and
 * the reads made here, which are stored first and sent when the server can be reached, like any write.
 */
export function useInbox(): Inbox {
  const engine = useWorkEngine();
  const kept = engine?.kept ?? beforeEngine;
  const queryClient = useQueryClient();
  const online = useOnlineStatus();
  const [copy, setCopy] = useState<NotificationList | null>(null);
  useEffect(() => {
    let current = true;
    void readKeptInbox(kept).then((list) => {
      if (current) setCopy(list);
    });
    return () => {
      current = false;
    };
  }, [kept]);

  const query = useQuery(inboxQueryOptions());
  const unsent = useQuery({
    queryKey: [...unsentKey, engine !== null],
    queryFn: () => readUnsentReads(kept),
    networkMode: 'always',
    staleTime: Infinity,
  }).data;
  const answered = query.data;
  useEffect(() => {
    if (answered) void keepInbox(kept, answered);
  }, [kept, answered]);

  // Back online, the server answering again, or the store just opened with reads from before a reload:
  // what waits is sent.
  // Not while 'Tout marquer comme lu' is under way (see `readingAll`).
  const waiting = (unsent?.length ?? 0) > 0;
  const reached = query.dataUpdatedAt;
  useEffect(() => {
    if (online && waiting && !readingAll) void sendReads(kept, queryClient);
  }, [online, waiting, reached, kept, queryClient]);

  const source = answered ?? copy;
  const { list, readAt } = useMemo(() => {
    // The copy shown offline counts its ages from now.
    const at = query.dataUpdatedAt ? new Date(query.dataUpdatedAt) : new Date();
    return {
      list: source ? withReads(source, new Set(unsent), at.toISOString()) : null,
      readAt: at,
    };
  }, [source, unsent, query.dataUpdatedAt]);

  const queue = useCallback(
    async (ids: readonly string[]) => {
      queryClient.setQueryData([...unsentKey, engine !== null], await queueReads(kept, ids));
    },
    [kept, queryClient, engine],
  );
  const read = useCallback(
    (ids: readonly string[]) => {
      void queue(ids).then(() => sendReads(kept, queryClient));
    },
    [queue, kept, queryClient],
  );
  const readAll = useCallback(() => {
    const ids = list ? unreadIds(list) : [];
    readingAll = true;
    void queue(ids).then(async () => {
      try {
        await markAllRead();
        await settle(kept, queryClient, ids);
      } catch {
        // Offline, or the server down: the entries shown are sent one by one once it answers.
        await sendReads(kept, queryClient);
      } finally {
        readingAll = false;
      }
    });
  }, [list, queue, kept, queryClient]);

  return {
    list,
    fromCopy: !answered && copy !== null,
    status: list ? 'ready' : query.isError || query.isPaused ? 'failed' : 'loading',
    error: query.error,
    readAt,
    read,
    readAll,
  };
}
