import { analyzeResponse, ANALYZER_VERSION } from '../domain/analysis/analyzer';
import { fingerprintOf } from '../domain/analysis/fingerprint';
import type { Reaction } from './engine/define';
import { reactor } from './engine/reactor';
import { responseAnalysisProjection } from './response-analysis';

/** What the analysis reactor asks for: the scores of one answer by one analyzer version. */
export type RecordAnalysisReaction = Reaction & {
  type: 'RecordAnalysis';
  responseId: string;
  questionId: number;
  day: string;
  relevance: number;
  civility: number;
  sincerity: number;
  analyzerVersion: string;
  at: string;
};

/**
 * The analysis reactor: scores each new answer with the local analyzer and asks for
 * `ResponseAnalyzed` to be recorded (once per answer and analyzer version, however often it
 * is asked). The time recorded is the answer's own.
 */
export const answerAnalysisReactor = reactor({
  name: 'answer-analysis',
  reads: [responseAnalysisProjection],
  on: {
    ResponseSubmitted: async (event, context) => {
      const { data } = event;
      // Its author erased their data: no text to score.
      if (data.content === null) return;
      const models = context.read(responseAnalysisProjection);
      const question = await models.analysis_questions.findOne({ _id: String(data.questionId) });
      const first = await models.analysis_fingerprints.findOne({
        _id: `${data.questionId}:${fingerprintOf(data.content)}`,
      });
      const scores = analyzeResponse({
        text: data.content,
        question: { content: question?.content ?? '', category: question?.category ?? '' },
        isCopy: first !== null && first.authorId !== data.authorId,
      });
      const reaction: RecordAnalysisReaction = {
        type: 'RecordAnalysis',
        causationId: event.id,
        responseId: data.responseId,
        questionId: data.questionId,
        day: data.day,
        ...scores,
        analyzerVersion: ANALYZER_VERSION,
        at: data.at,
      };
      context.dispatch(reaction);
    },
  },
});
