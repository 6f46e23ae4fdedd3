import type { QueryClient } from '@tanstack/react-query';

/**
 * A page the browser restores from its back/forward cache shows what it showed when it was
 * left, perhaps minutes ago, and no notice reached it meanwhile: every query is marked stale
 * and each one on screen is asked again (the archive, the discussion, the streak, anything).
 */
export const refreshOnRestore = (queryClient: QueryClient) =>
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) void queryClient.invalidateQueries();
  });
