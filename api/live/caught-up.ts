import type { AppContext } from '../context';

/**
 * What a read model says, as of everything written before the caller asked. Where it says no
 * (something written a moment ago, through this process or another, not projected yet), it is
 * asked again once the projection has reached the log's head: READ_WAIT_MS at most, then no.
 */
export const askedAgainOnceCaughtUp = async <T>(
  ctx: Pick<AppContext, 'events' | 'readModels' | 'readWaitMs'>,
  projection: string,
  ask: () => Promise<T | null>,
): Promise<T | null> => {
  const first = await ask();
  if (first !== null) return first;
  const head = await ctx.events.headPosition();
  if (head === null) return null;
  const caughtUp = await ctx.readModels.waitFor(head, [projection], ctx.readWaitMs);
  return caughtUp ? ask() : null;
};
