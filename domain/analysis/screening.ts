import { Map as ImmutableMap } from 'immutable';
import { commandHandler } from '../shared/command-handler';
import type { Decider } from '../shared/decider';
import { productDayOf, type DayRules, type ProductDay } from '../shared/product-day';
import type { ContentRejectedEvent } from './events';

/**
 * One author's refused texts. The stream bounds what refusals can add to the log and to the
 * rejection rate: at most `REJECTIONS_RECORDED_PER_DAY` a product day are recorded for one
 * person; later ones that day are refused all the same, but leave no trace.
 */
export const screeningStreamId = (authorId: string) => `content-screening-${authorId}`;

export const REJECTIONS_RECORDED_PER_DAY = 10;

export type RecordRejection = {
  type: 'RecordRejection';
  rejectionId: string;
  authorId: string;
  kind: 'response' | 'reply';
  questionId: number;
  /** The product day of the discussion the text was meant for. */
  day: ProductDay;
  reason: string;
  analyzerVersion: string;
  at: Date;
};

/** Refusals recorded per product day of the refusal itself. */
export type ScreeningState = { recordedOn: ImmutableMap<ProductDay, number> };

export const screeningDecider = (
  rules: DayRules,
): Decider<RecordRejection, ContentRejectedEvent, ScreeningState> => ({
  initialState: () => ({ recordedOn: ImmutableMap() }),
  evolve: (state, event) => ({
    recordedOn: state.recordedOn.update(
      productDayOf(new Date(event.data.at), rules),
      0,
      (n) => n + 1,
    ),
  }),
  decide: (command, state) =>
    (state.recordedOn.get(productDayOf(command.at, rules)) ?? 0) >= REJECTIONS_RECORDED_PER_DAY
      ? []
      : [
          {
            type: 'ContentRejected',
            data: {
              rejectionId: command.rejectionId,
              kind: command.kind,
              questionId: command.questionId,
              reason: command.reason,
              analyzerVersion: command.analyzerVersion,
              day: command.day,
              at: command.at.toISOString(),
            },
          },
        ],
});

/** Bound to the stream its commands address. */
export const screenings = (rules: DayRules) =>
  commandHandler(screeningDecider(rules), (c) => screeningStreamId(c.authorId));
