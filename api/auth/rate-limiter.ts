import type { Clock } from '../../infra/clock';

export type RateLimitRule = { maxFailures: number; windowMs: number };

export type RateLimiter = {
  /** Seconds until the key may try again, or 0 when it may try now. */
  retryAfter(key: string, rule: RateLimitRule): number;
  recordFailure(key: string, rule: RateLimitRule): void;
  reset(key: string): void;
};

/**
 * Counts failed attempts per key in a sliding window. In memory: each instance limits on
 * its own, which bounds guessing per instance; a shared store is the step for a fleet.
 */
export const createRateLimiter = (clock: Clock, maxKeys = 100_000): RateLimiter => {
  const failures = new Map<string, number[]>();
  const recent = (key: string, rule: RateLimitRule) => {
    const since = clock.now().getTime() - rule.windowMs;
    const kept = (failures.get(key) ?? []).filter((t) => t > since);
    if (kept.length === 0) failures.delete(key);
    else failures.set(key, kept);
    return kept;
  };
  return {
    retryAfter: (key, rule) => {
      const kept = recent(key, rule);
      if (kept.length < rule.maxFailures) return 0;
      const oldest = kept[kept.length - rule.maxFailures]!;
      return Math.max(1, Math.ceil((oldest + rule.windowMs - clock.now().getTime()) / 1000));
    },
    recordFailure: (key, rule) => {
      const kept = recent(key, rule);
      kept.push(clock.now().getTime());
      failures.set(key, kept);
      if (failures.size > maxKeys) failures.delete(failures.keys().next().value!);
    },
    reset: (key) => {
      failures.delete(key);
    },
  };
};

/** Per account (or admin username): a handful of guesses. Per address: room for a shared NAT. */
export const PER_ACCOUNT: RateLimitRule = { maxFailures: 5, windowMs: 15 * 60_000 };
export const PER_ADDRESS: RateLimitRule = { maxFailures: 30, windowMs: 15 * 60_000 };
