import { fingerprintOf } from '../domain/analysis/fingerprint';
import type { Doc } from '../infra/read-store/read-store';
import { collection, projection } from './engine/define';

type QuestionTextDoc = Doc & { content: string; category: string };
/** `_id` is `${questionId}:${fingerprint}`: who first gave an answer with these words. */
type FingerprintDoc = Doc & { questionId: number; authorId: string };

/**
 * What the analysis reactor reads to score an answer: each question's text, and who first
 * gave an answer with the same words to the same question (a copy scores no sincerity). An
 * erased person's fingerprints go with them: nothing keeps their id or a hash of their words.
 */
export const responseAnalysisProjection = projection({
  name: 'response-analysis',
  version: 2,
  collections: {
    analysis_questions: collection<QuestionTextDoc>(),
    analysis_fingerprints: collection<FingerprintDoc>({ key: { authorId: 1 } }),
  },
  on: {
    QuestionOfTheDayActivated: async ({ data }, db) => {
      await db.analysis_questions.upsertOne({
        _id: String(data.questionId),
        content: data.content,
        category: data.category,
      });
    },
    ResponseSubmitted: async ({ data }, db) => {
      // Its author erased their data: no words to remember.
      if (data.content === null) return;
      const printId = `${data.questionId}:${fingerprintOf(data.content)}`;
      if (await db.analysis_fingerprints.findOne({ _id: printId })) return;
      await db.analysis_fingerprints.upsertOne({
        _id: printId,
        questionId: data.questionId,
        authorId: data.authorId,
      });
    },
    PersonErased: async ({ data }, db) => {
      await db.analysis_fingerprints.deleteMany({ authorId: data.personId });
    },
  },
});
