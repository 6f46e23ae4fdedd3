import { useReducedMotion } from '../../lib/motion';

/** The spec's pacing of a journey, in milliseconds. */
export const JOURNEY_TIMINGS = {
  /** Before the first options appear. */
  introMs: 3000,
  /** Each fade out, and each fade in. */
  fadeMs: 800,
  /** After 'Journey complete. Analyzing your choices...'. */
  pauseMs: 1000,
  /** Before a lone next step is taken by itself. */
  autoAdvanceMs: 2500,
  /** The fade to white before the result. */
  whiteFadeMs: 2500,
};

export type JourneyTimings = typeof JOURNEY_TIMINGS;

/** The pacing, shortened to nothing for people who ask for reduced motion. */
export const useJourneyTimings = (): JourneyTimings =>
  useReducedMotion()
    ? { introMs: 0, fadeMs: 0, pauseMs: 0, autoAdvanceMs: 0, whiteFadeMs: 0 }
    : JOURNEY_TIMINGS;

export const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
