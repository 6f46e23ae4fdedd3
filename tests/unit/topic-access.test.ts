import { describe, expect, it } from 'vitest';
import type { AppContext } from '../../api/context';
import { mayFollow } from '../../api/live/topic-access';
import { defaultDayRules } from '../../domain/shared/product-day';

const traveler = { kind: 'mini-traveler', dilemmaId: 'bank-01', archetypeId: 'guardian' } as const;
const person = { personId: 'ann', signedIn: true, admin: false };

/**
 * A context whose results' read model holds Ann's journey (`hasJourney`) once it has caught up:
 * at first (`knowsAtFirst`), or when waited for (`catchesUp`).
 */
const contextWhere = (options: {
  knowsAtFirst: boolean;
  catchesUp: boolean;
  hasJourney: boolean;
}) => {
  let caughtUp = options.knowsAtFirst;
  const waited: bigint[] = [];
  const ctx = {
    clock: { now: () => new Date('2026-11-22T15:00:00Z') },
    dayRules: defaultDayRules,
    readWaitMs: 1000,
    events: { headPosition: async () => 42n },
    readModels: {
      waitFor: async (position: bigint) => {
        waited.push(position);
        caughtUp = options.catchesUp;
        return options.catchesUp;
      },
      of: () => ({
        mini_results: {
          findOne: async () =>
            caughtUp && options.hasJourney ? { _id: 'journey-1', personId: 'ann' } : null,
        },
      }),
    },
  } as unknown as AppContext;
  return { ctx, waited };
};

describe('following a Fellow Travelers chat', () => {
  it('is let in at once when the results already hold the journey', async () => {
    const { ctx, waited } = contextWhere({ knowsAtFirst: true, catchesUp: true, hasJourney: true });
    expect(await mayFollow(ctx, person, traveler)).toBe(true);
    expect(waited).toEqual([]);
  });

  it('is asked again once the results have caught up with the log, for a journey just finished', async () => {
    const { ctx, waited } = contextWhere({
      knowsAtFirst: false,
      catchesUp: true,
      hasJourney: true,
    });
    expect(await mayFollow(ctx, person, traveler)).toBe(true);
    expect(waited).toEqual([42n]);
  });

  it('stays refused when the caught-up results hold no such journey, or never catch up', async () => {
    for (const options of [
      { knowsAtFirst: false, catchesUp: true, hasJourney: false },
      { knowsAtFirst: false, catchesUp: false, hasJourney: true },
    ]) {
      const { ctx } = contextWhere(options);
      expect(await mayFollow(ctx, person, traveler)).toBe(false);
    }
  });

  it('refuses a socket with no person without waiting', async () => {
    const { ctx, waited } = contextWhere({
      knowsAtFirst: false,
      catchesUp: true,
      hasJourney: true,
    });
    expect(await mayFollow(ctx, { ...person, personId: null }, traveler)).toBe(false);
    expect(waited).toEqual([]);
  });
});
