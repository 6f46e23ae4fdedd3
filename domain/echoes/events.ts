import { z } from 'zod';
import { defineEvent } from '../shared/events';

export const EchoGiven = defineEvent({
  type: 'EchoGiven',
  version: 1,
  schema: z.object({
    responseId: z.string().min(1),
    questionId: z.number().int().positive(),
    actorId: z.string().min(1),
    day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    at: z.iso.datetime(),
  }),
});

export const EchoWithdrawn = defineEvent({
  type: 'EchoWithdrawn',
  version: 1,
  schema: z.object({
    responseId: z.string().min(1),
    questionId: z.number().int().positive(),
    actorId: z.string().min(1),
    at: z.iso.datetime(),
  }),
});

export type EchoGivenData = z.infer<typeof EchoGiven.schema>;
export type EchoWithdrawnData = z.infer<typeof EchoWithdrawn.schema>;

export type EchoEvent =
  { type: 'EchoGiven'; data: EchoGivenData } | { type: 'EchoWithdrawn'; data: EchoWithdrawnData };
