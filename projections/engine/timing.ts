/** Resolves after `ms`, or at once when `signal` aborts. */
export const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done);
  });

/**
 * Exponential backoff with full jitter: attempt 1 waits up to `baseMs`, doubling to `maxMs`.
 * Bounded at 5 s: a database back after a restart is used again within seconds, not half a
 * minute (tests/reliability/postgres-faults.test.ts).
 */
export const backoffDelay = (
  attempt: number,
  baseMs = 200,
  maxMs = 5_000,
  random: () => number = Math.random,
) => Math.round(random() * Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1)));

/** Lets the event loop serve what waits (requests, timers) before going on. */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
