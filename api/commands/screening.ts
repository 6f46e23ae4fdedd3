import { ANALYZER_VERSION, screenText } from '../../domain/analysis/analyzer';
import type { RejectionReason } from '../../domain/analysis/civility';
import { screenings } from '../../domain/analysis/screening';
import { rejected } from '../../domain/shared/errors';
import type { ProductDay } from '../../domain/shared/product-day';
import type { RequestKey } from '../http/idempotency';
import { handle, type CommandContext } from './run';

export type Screened = {
  text: string;
  /** The body field the text came in: the problem names it, so the UI shows it beside it. */
  field: string;
  authorId: string;
  kind: 'response' | 'reply';
  questionId: number;
  /** The product day of the discussion the text was meant for. */
  day: ProductDay;
};

const because: Record<RejectionReason, string> = {
  slur: 'It contains a slur.',
  threat: 'It reads as a threat.',
  'personal attack': 'It reads as an attack on a person.',
  profanity: 'It has more profanity than a discussion here can carry.',
};

/**
 * Refuses a text the analyzer judges abusive (422 naming the field): the refusal is recorded
 * without the text (the rejection rate and the admins' audit), and the person keeps both their
 * text and their day. Anything else passes untouched. A keyed request's refusal is recorded
 * once, however often the request is sent again.
 */
export const refuseIfAbusive = async (
  ctx: CommandContext,
  screened: Screened,
  once?: RequestKey,
): Promise<void> => {
  const { abusive, reason } = screenText(screened.text);
  if (!abusive || !reason) return;
  await handle(
    ctx,
    screenings(ctx.dayRules),
    {
      type: 'RecordRejection',
      rejectionId: once?.newId('rejection') ?? ctx.newId(),
      authorId: screened.authorId,
      kind: screened.kind,
      questionId: screened.questionId,
      day: screened.day,
      reason,
      analyzerVersion: ANALYZER_VERSION,
      at: ctx.clock.now(),
    },
    once,
  );
  throw rejected(
    screened.field,
    'Please rephrase',
    `${because[reason]} Your text is kept: rephrase it and send it again.`,
  );
};
