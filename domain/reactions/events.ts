import { z } from 'zod';
import { REACTION_EMOJI } from '../contracts/reactions';
import { defineEvent } from '../shared/events';

const reaction = z.object({
  responseId: z.string().min(1),
  questionId: z.number().int().positive(),
  actorId: z.string().min(1),
  emoji: z.enum(REACTION_EMOJI),
  at: z.iso.datetime(),
});

/** Someone reacted to an answer with one of the six reactions. */
export const ReactionAdded = defineEvent({ type: 'ReactionAdded', version: 1, schema: reaction });

/** Someone took their reaction back. */
export const ReactionRemoved = defineEvent({
  type: 'ReactionRemoved',
  version: 1,
  schema: reaction,
});

export type ReactionData = z.infer<typeof reaction>;

export type ReactionEvent =
  { type: 'ReactionAdded'; data: ReactionData } | { type: 'ReactionRemoved'; data: ReactionData };
