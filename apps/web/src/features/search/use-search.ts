import type { SearchItem } from '@jalon/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { isApiError } from '../../lib/api-error.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { useOnlineStatus } from '../../lib/use-online-status.ts';
import { useWork } from '../../offline/work-context.tsx';
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

/**
 * The results for a question: the server's while it answers, the device copy's when the browser is
 * offline or the request cannot reach the server (the copy holds titles and descriptions, no comments).
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
  const local = useMemo(
    () => (offline && asked !== '' ? searchDeviceCopy(asked, work) : []),
    [offline, asked, work],
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
