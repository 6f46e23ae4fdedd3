/** The one place the server reads the time; tests pass their own. */
export type Clock = { now: () => Date };

export const systemClock: Clock = { now: () => new Date() };

/** A clock that runs with another and can be moved forward (TEST_CLOCK only, never in production). */
export type AdjustableClock = Clock & {
  /** Moves the time forward by `ms`; answers the new time. */
  advance: (ms: number) => Date;
};

export const adjustableClock = (base: Clock = systemClock): AdjustableClock => {
  let offsetMs = 0;
  const now = () => new Date(base.now().getTime() + offsetMs);
  return {
    now,
    advance: (ms) => {
      offsetMs += ms;
      return now();
    },
  };
};
