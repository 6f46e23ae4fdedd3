/**
 * A query's own options, for a component that only watches what the cache holds and leaves
 * asking to the page (the shell's navigation highlight). Not `queryFn: skipToken`: every
 * observer lends the query its options when it renders, so a watcher rendering after the page
 * made the query forget how to fetch, and the next refresh (a live notice, a reconnect) failed
 * with "Missing queryFn". Disabled, it never asks by itself; the options still say how.
 */
export const watchOnly = <Options extends object>(
  options: Options,
): Options & { enabled: false } => ({
  ...options,
  enabled: false,
});
