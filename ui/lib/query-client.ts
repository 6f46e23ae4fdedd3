import { QueryClient } from '@tanstack/react-query';

/** The spec's cache rules: fresh 30 s, kept 5 min, no refetch on focus, retry twice on network errors only. */
export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        gcTime: 5 * 60_000,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: (failureCount, error) => failureCount < 2 && error instanceof TypeError,
      },
      mutations: { retry: false },
    },
  });
