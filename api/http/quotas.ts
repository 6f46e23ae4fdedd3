import type { Response } from 'express';
import { limitReached } from '../../domain/shared/errors';
import type { Clock } from '../../infra/clock';

/** How many of something one key (an address, a device) may do in a window. */
export type Quota = { name: string; max: number; windowMs: number; what: string };

const HOUR = 60 * 60_000;

/**
 * New identities per client address: room for a classroom behind one NAT, not for a script
 * that makes thousands (each one grows the log for good).
 */
export const REGISTRATIONS_PER_ADDRESS: Quota = {
  name: 'registrations',
  max: 100,
  windowMs: HOUR,
  what: 'registrations from this network',
};
/** Consent decisions per device: a person changes their mind a few times, not thousands. */
export const AGREEMENTS_PER_DEVICE: Quota = {
  name: 'agreements',
  max: 20,
  windowMs: HOUR,
  what: 'consent records from this device',
};

/** The same per address, so fresh devices do not multiply it without end. */
export const AGREEMENTS_PER_ADDRESS: Quota = {
  name: 'agreements-by-address',
  max: 200,
  windowMs: HOUR,
  what: 'consent records from this network',
};

/** Reports one person may file in an hour: room to flag a bad thread, not to flood the queue. */
export const REPORTS_PER_PERSON: Quota = {
  name: 'reports',
  max: 20,
  windowMs: HOUR,
  what: 'reports from you',
};

export type Quotas = {
  /** Refuses with 429 and Retry-After once the key has used its quota in the window. */
  enforce(res: Response, quota: Quota, key: string): void;
  /** Counts one use. */
  spend(quota: Quota, key: string): void;
};

/**
 * Sliding windows in memory: each instance counts on its own, which bounds a client per
 * instance; the oldest keys are forgotten first when too many are tracked.
 */
export const createQuotas = (
  clock: Clock,
  /** Per quota name, a maximum other than the default (configuration, test servers). */
  limits: Record<string, number> = {},
  maxKeys = 100_000,
): Quotas => {
  const maxOf = (quota: Quota) => limits[quota.name] ?? quota.max;
  const uses = new Map<string, number[]>();
  const recent = (quota: Quota, key: string) => {
    const id = `${quota.name}:${key}`;
    const since = clock.now().getTime() - quota.windowMs;
    const kept = (uses.get(id) ?? []).filter((t) => t > since);
    if (kept.length === 0) uses.delete(id);
    return { id, kept };
  };
  return {
    enforce: (res, quota, key) => {
      const { kept } = recent(quota, key);
      const max = maxOf(quota);
      if (kept.length < max) return;
      const oldest = kept[kept.length - max]!;
      const wait = Math.max(1, Math.ceil((oldest + quota.windowMs - clock.now().getTime()) / 1000));
      res.setHeader('Retry-After', String(wait));
      throw limitReached(
        'Too many requests',
        `Too many ${quota.what}. Try again in ${Math.ceil(wait / 60)} minute(s).`,
      );
    },
    spend: (quota, key) => {
      const { id, kept } = recent(quota, key);
      uses.delete(id);
      uses.set(id, [...kept, clock.now().getTime()]);
      if (uses.size > maxKeys) uses.delete(uses.keys().next().value!);
    },
  };
};
