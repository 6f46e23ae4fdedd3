import { z } from 'zod';
import { defineEvent } from '../shared/events';

const productDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/**
 * A person finished a Mini journey: the server decided the archetype from the path. Other
 * features read it (streaks' totalMiniCompleted, badges, the profile's Journeys card).
 */
export const MiniJourneyCompleted = defineEvent({
  type: 'MiniJourneyCompleted',
  version: 1,
  schema: z.object({
    journeyId: z.string().min(1),
    dilemmaId: z.string().min(1),
    archetypeId: z.string().min(1),
    personId: z.string().min(1),
    /** The chosen choice ids, root first. */
    path: z.array(z.string().min(1)).min(1),
    day: productDay,
    at: z.iso.datetime(),
  }),
});

/** Today's result was cleared (Reset & Retry, Begin Anew): history keeps both. */
export const MiniResultReset = defineEvent({
  type: 'MiniResultReset',
  version: 1,
  schema: z.object({
    journeyId: z.string().min(1),
    dilemmaId: z.string().min(1),
    personId: z.string().min(1),
    day: productDay,
    at: z.iso.datetime(),
  }),
});
