import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';

/**
 * What the cache holds under `key`, watched without asking for it and without an observer of
 * its own. (An observer with `queryFn: skipToken` made the query's options its own whenever it
 * rendered after the page that asks for the data, so a refresh of that query from the live
 * connection then failed with "Missing queryFn" and the page said Boon could not be reached.)
 * The server renders from the same cache the browser starts from (ui/lib/first-data.ts), so
 * the value is the same on both sides while a prerendered page is adopted.
 */
export const useCachedData = <T>(key: QueryKey): T | undefined => {
  const client = useQueryClient();
  const subscribe = useCallback(
    (listener: () => void) => client.getQueryCache().subscribe(listener),
    [client],
  );
  const read = () => client.getQueryData<T>(key);
  return useSyncExternalStore(subscribe, read, read);
};
