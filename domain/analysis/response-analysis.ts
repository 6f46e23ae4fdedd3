import { Set as ImmutableSet } from 'immutable';
import { commandHandler } from '../shared/command-handler';
import type { Decider } from '../shared/decider';
import type { ProductDay } from '../shared/product-day';
import type { AnalysisScores } from './analyzer';
import type { ResponseAnalyzedEvent } from './events';

/** One answer's analyses: the boundary that keeps "once per answer and analyzer version". */
export const responseAnalysisStreamId = (responseId: string) => `response-analysis-${responseId}`;

export type RecordAnalysis = {
  type: 'RecordAnalysis';
  responseId: string;
  questionId: number;
  day: ProductDay;
  scores: AnalysisScores;
  analyzerVersion: string;
  at: Date;
};

export type ResponseAnalysisState = { versions: ImmutableSet<string> };

export const responseAnalysisDecider: Decider<
  RecordAnalysis,
  ResponseAnalyzedEvent,
  ResponseAnalysisState
> = {
  initialState: () => ({ versions: ImmutableSet() }),
  readsPersonalFields: false,
  evolve: (state, event) => ({ versions: state.versions.add(event.data.analyzerVersion) }),
  // Asked again (a reactor runs at least once, and again on rebuilds): nothing new to record.
  decide: (command, state) =>
    state.versions.has(command.analyzerVersion)
      ? []
      : [
          {
            type: 'ResponseAnalyzed',
            data: {
              responseId: command.responseId,
              questionId: command.questionId,
              day: command.day,
              ...command.scores,
              analyzerVersion: command.analyzerVersion,
              at: command.at.toISOString(),
            },
          },
        ],
};

/** Bound to the stream its commands address. */
export const responseAnalyses = commandHandler(responseAnalysisDecider, (c) =>
  responseAnalysisStreamId(c.responseId),
);
