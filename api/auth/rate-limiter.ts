import { SIGN_IN_LINK_TTL_MS } from '../../domain/accounts/one-time-links';
import type { Clock } from '../../infra/clock';

/**
 * At most `maxFailures` events per key in a sliding window. With `backoff`, reaching the
 * limit does not lock the key for the window: each further event waits a doubling delay
 * (from `baseMs`, capped at `maxMs`) after the one before, so guessing slows to a trickle
 * and nobody is held out for long.
 */
export type RateLimitRule = {
  maxFailures: number;
  windowMs: number;
  backoff?: { baseMs: number; maxMs: number };
};

export type RateLimiter = {
  /** Seconds until the key may try again, or 0 when it may try now. */
  retryAfter(key: string, rule: RateLimitRule): number;
  /** Counts one event (a failed attempt, or a request where every request counts). */
  recordFailure(key: string, rule: RateLimitRule): void;
  reset(key: string): void;
};

/**
 * Counts events per key in a sliding window. In memory: each instance limits on its own,
 * which bounds abuse per instance; a shared store is the step for a fleet.
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
  const seconds = (until: number) => Math.max(0, Math.ceil((until - clock.now().getTime()) / 1000));
  return {
    retryAfter: (key, rule) => {
      const kept = recent(key, rule);
      if (kept.length < rule.maxFailures) return 0;
      if (rule.backoff) {
        const over = kept.length - rule.maxFailures;
        const wait = Math.min(rule.backoff.baseMs * 2 ** over, rule.backoff.maxMs);
        return seconds(kept[kept.length - 1]! + wait);
      }
      const oldest = kept[kept.length - rule.maxFailures]!;
      return Math.max(1, seconds(oldest + rule.windowMs));
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

const MINUTE = 60_000;

/** Guesses at one account from one address: a handful, then that address waits. */
export const PER_ACCOUNT_ADDRESS: RateLimitRule = { maxFailures: 5, windowMs: 15 * MINUTE };
/** Guesses from one address over all accounts: room for a shared NAT. */
export const PER_ADDRESS: RateLimitRule = { maxFailures: 30, windowMs: 15 * MINUTE };
/**
 * Guesses at one account from everywhere: ten an hour, then a doubling wait up to five
 * minutes between guesses. A slow trickle, never a lockout; a known browser skips it.
 */
export const PER_ACCOUNT: RateLimitRule = {
  maxFailures: 10,
  windowMs: 60 * MINUTE,
  backoff: { baseMs: 2_000, maxMs: 5 * MINUTE },
};
/** Wrong passwords from one known browser (a stolen token buys no more guesses than this). */
export const PER_KNOWN_BROWSER: RateLimitRule = { maxFailures: 10, windowMs: 15 * MINUTE };

/** Sign-ups from one address, and from everyone: each costs a key derivation and a mail. */
export const SIGN_UPS_PER_ADDRESS: RateLimitRule = { maxFailures: 10, windowMs: 60 * MINUTE };
export const SIGN_UPS_OVERALL: RateLimitRule = { maxFailures: 300, windowMs: 60 * MINUTE };
/** Requests that mail a link (resend, recover, a sign-in link) from one address. */
export const MAIL_REQUESTS_PER_ADDRESS: RateLimitRule = { maxFailures: 5, windowMs: 15 * MINUTE };
/**
 * Mails with a link to one recipient. Each window is no longer than the shortest link's life
 * (a sign-in link's 15 minutes), so whenever either refuses, the recipient holds links mailed
 * within it that still work: a refused request never leaves the owner without a way in.
 *
 * From one requesting address: a stranger spends an allowance of their own, and leaves the
 * rest of the recipient's to everyone else (the owner included).
 */
export const LINK_MAILS_PER_RECIPIENT_FROM_ADDRESS: RateLimitRule = {
  maxFailures: 3,
  windowMs: SIGN_IN_LINK_TTL_MS,
};
/** From everyone (strangers on many addresses): an inbox is never flooded through Boon. */
export const LINK_MAILS_PER_RECIPIENT: RateLimitRule = {
  maxFailures: 5,
  windowMs: SIGN_IN_LINK_TTL_MS,
};
/** "Someone tried to sign up with your address": a notice, never counted against links. */
export const NOTICES_PER_RECIPIENT: RateLimitRule = { maxFailures: 1, windowMs: 60 * MINUTE };
/** Links that did not work, from one address (verify, reset). */
export const BAD_LINKS_PER_ADDRESS: RateLimitRule = { maxFailures: 20, windowMs: 15 * MINUTE };
