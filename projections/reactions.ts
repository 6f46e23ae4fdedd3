import {
  noReactions,
  type ReactionCounts,
  type ReactionEmoji,
} from '../domain/contracts/reactions';
import { sharedTopics } from '../domain/contracts/topics';
import type { ReactionData } from '../domain/reactions/events';
import type { Doc } from '../infra/read-store/read-store';
import { collection, projection, type ProjectionDb } from './engine/define';

/** `_id` is the response id: its reactions, counted per emoji. Exists while the answer stands. */
export type ReactionCountsDoc = Doc & { questionId: number; counts: ReactionCounts };
/** `_id` is `${actorId}:${responseId}:${emoji}`: that person reacts so to that answer now. */
export type ReactionGivenDoc = Doc & {
  actorId: string;
  responseId: string;
  questionId: number;
  emoji: ReactionEmoji;
};

export const reactionGivenId = (actorId: string, responseId: string, emoji: string) =>
  `${actorId}:${responseId}:${emoji}`;

const collections = {
  reaction_counts: collection<ReactionCountsDoc>({ key: { questionId: 1 } }),
  reactions_given: collection<ReactionGivenDoc>(
    { key: { actorId: 1, questionId: 1 } },
    { key: { responseId: 1 } },
  ),
};

type Db = ProjectionDb<typeof collections>;

/** Moves one emoji's count by one, never below zero; an answer deleted meanwhile is gone. */
const adjust = async (db: Db, data: ReactionData, step: 1 | -1) => {
  const doc = await db.reaction_counts.findOne({ _id: data.responseId });
  if (!doc) return;
  const counts = { ...doc.counts, [data.emoji]: Math.max(0, doc.counts[data.emoji] + step) };
  await db.reaction_counts.upsertOne({ ...doc, counts });
  const givenId = reactionGivenId(data.actorId, data.responseId, data.emoji);
  if (step === 1) {
    await db.reactions_given.upsertOne({
      _id: givenId,
      actorId: data.actorId,
      responseId: data.responseId,
      questionId: data.questionId,
      emoji: data.emoji,
    });
  } else await db.reactions_given.deleteOne({ _id: givenId });
  db.notify(sharedTopics.responses.name(doc.questionId));
};

/** Reactions on standing answers: the counts every reader sees, and each person's own. */
export const reactionsProjection = projection({
  name: 'reactions',
  version: 1,
  collections,
  on: {
    ResponseSubmitted: async ({ data }, db) => {
      await db.reaction_counts.upsertOne({
        _id: data.responseId,
        questionId: data.questionId,
        counts: noReactions(),
      });
    },
    ResponseDeleted: async ({ data }, db) => {
      await db.reaction_counts.deleteOne({ _id: data.responseId });
      await db.reactions_given.deleteMany({ responseId: data.responseId });
    },
    ReactionAdded: ({ data }, db) => adjust(db, data, 1),
    ReactionRemoved: ({ data }, db) => adjust(db, data, -1),
    PersonErased: async ({ data }, db) => {
      await db.reactions_given.deleteMany({ actorId: data.personId });
    },
  },
});
