import { z } from 'zod';
import { defineEvent } from '../shared/events';

export const PerspectivePairViewed = defineEvent({
  type: 'PerspectivePairViewed',
  version: 1,
  schema: z.object({
    pairId: z.string().min(1),
    questionId: z.number().int().positive(),
    viewerId: z.string().min(1),
    at: z.iso.datetime(),
  }),
});

export type PerspectivePairViewedData = z.infer<typeof PerspectivePairViewed.schema>;
export type PerspectiveEvent = { type: 'PerspectivePairViewed'; data: PerspectivePairViewedData };
