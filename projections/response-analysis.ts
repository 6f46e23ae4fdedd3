import { analyzeResponse, ANALYZER_VERSION } from '../domain/analysis/analyzer';
import { fingerprintOf } from '../domain/analysis/fingerprint';
import type { Doc } from '../infra/read-store/read-store';
import { collection, projection } from './engine/define';

type QuestionTextDoc = Doc & { content: string; category: string };
/** `_id` is `${questionId}:${fingerprint}`: who first gave an answer with these words. */
type FingerprintDoc = Doc & { questionId: number; authorId: string };

/** What the analysis reactor asks for: the scores of one answer by one analyzer version. */
export type RecordAnalysisReaction = {
  type: 'RecordAnalysis';
  causationId: string;
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
 * runs). The time recorded is the answer's own, so a rebuild asks for exactly the same.
 */
export const responseAnalysisProjection = projection({
  name: 'response-analysis',
  reacts: true,
  version: 1,
  collections: {
    analysis_questions: collection<QuestionTextDoc>(),
    analysis_fingerprints: collection<FingerprintDoc>(),
  },
  on: {
    QuestionOfTheDayActivated: async ({ data }, db) => {
      await db.analysis_questions.upsertOne({
        _id: String(data.questionId),
        content: data.content,
        category: data.category,
      });
    },
    ResponseSubmitted: async (event, db) => {
      const { data } = event;
      // Its author erased their data: no text to score.
      if (data.content === null) return;
      const printId = `${data.questionId}:${fingerprintOf(data.content)}`;
      const first = await db.analysis_fingerprints.findOne({ _id: printId });
      if (!first) {
        await db.analysis_fingerprints.upsertOne({
          _id: printId,
          questionId: data.questionId,
          authorId: data.authorId,
        });
      }
      // Where what is asked for is dropped (a rebuild: the scores are in the log already; the
      // pass that commits: they were asked for on the first), nothing is scored.
      if (!db.reacting) return;
      const question = await db.analysis_questions.findOne({ _id: String(data.questionId) });
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
      db.dispatch(reaction);
    },
  },
});
