import { QueryClient } from '@tanstack/react-query';

/** Whether the browser believes it has a network at all (a server down is another matter). */
const online = () => typeof navigator === 'undefined' || navigator.onLine;

/**
 * The spec's cache rules: fresh 30 s, kept 5 min, no refetch on focus, retry twice on network
 * errors only, mutations never retried.
 *
 * Offline, a query fails at once rather than wait unseen (TanStack's default pauses it, and its
 * skeleton would spin until the network came back): the page says Boon cannot be reached, and
 * the query runs again by itself on reconnecting. An action (a mutation) taken offline waits
 * instead, said by the connection banner and the control itself, and is sent on reconnecting.
 */
export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        gcTime: 5 * 60_000,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        networkMode: 'always',
        retry: (failureCount, error) => failureCount < 2 && error instanceof TypeError && online(),
      },
      mutations: { retry: false, networkMode: 'online' },
    },
  });
