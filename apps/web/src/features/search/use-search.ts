import type { SearchItem } from '@jalon/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import type { Member } from '@jalon/contract';
import { isApiError } from '../../lib/api-error.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { useOnlineStatus } from '../../lib/use-online-status.ts';
import { useWork, useWorkEngine } from '../../offline/work-context.tsx';
import { searchQueryOptions } from './api/search-api.ts';
import { searchDeviceCopy } from './offline-search.ts';

/** Typing pauses this long before a question is sent: one request per word, not per key. */
export const SEARCH_DEBOUNCE_MS = 200;

export interface SearchResults {
  items: readonly SearchItem[];
  /** The server could not be asked: the items come from the device's copy ('Résultats hors ligne'). */
  offline: boolean;
  status: 'idle' | 'searching' | 'done' | 'failed';
}

/** The members directory kept on the device, read only once the search has to run there. */
function useKeptMembers(offline: boolean): readonly Member[] | undefined {
  const engine = useWorkEngine();
  const [members, setMembers] = useState<readonly Member[]>();
  useEffect(() => {
    if (!offline || !engine) return;
    let current = true;
    void engine.members.read().then((kept) => {
      if (current && kept) setMembers(kept);
    });
    return () => {
      current = false;
    };
  }, [offline, engine]);
  return members;
}

/**
 * The results for a question: the server's while it answers, the device copy's when the browser is
 * offline or the request cannot reach the server (its tasks, projects, comments and labels, and the
 * members directory kept beside it).
 */
export function useSearchResults(question: string): SearchResults {
  const asked = useDebouncedValue(question.trim(), SEARCH_DEBOUNCE_MS);
  const online = useOnlineStatus();
  const work = useWork();
  const server = useQuery({
    ...searchQueryOptions(asked),
    enabled: online && asked !== '',
    placeholderData: keepPreviousData,
  });
  const offline = !online || (isApiError(server.error) && server.error.kind === 'network');
  const members = useKeptMembers(offline);
  const local = useMemo(
    () => (offline && asked !== '' ? searchDeviceCopy(asked, { ...work, members }) : []),
    [offline, asked, work, members],
  );
  if (question.trim() === '') return { items: [], offline: false, status: 'idle' };
  // Until typing pauses, what shows is the previous question's results, or 'Recherche…'.
  const typing = question.trim() !== asked;
  if (offline)
    return { items: local, offline: true, status: typing && local.length === 0 ? 'searching' : 'done' };
  if (server.error) return { items: [], offline: false, status: 'failed' };
  if (server.data) return { items: server.data.items, offline: false, status: 'done' };
  return { items: [], offline: false, status: 'searching' };
}
