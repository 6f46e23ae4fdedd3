import { z } from 'zod';
import { REACTION_EMOJI } from '../reactions';

export const toggleReactionBody = z.strictObject({
  emoji: z.enum(REACTION_EMOJI, { error: `emoji must be one of ${REACTION_EMOJI.join(' ')}` }),
});
export type ToggleReactionBody = z.infer<typeof toggleReactionBody>;
