import type { SubmissionStatus, SuggestionStatus } from '../domain/contributions/rules';
import { sharedTopics } from '../domain/contracts/topics';
import type { Doc } from '../infra/read-store/read-store';
import { collection, projection } from './engine/define';

export type IdeaVote = { by: string; vote: 'up' | 'down' };

/** An idea on the brainstorm board. `authorId` never leaves the server. */
export type SuggestionDoc = Doc & {
  content: string;
  category: string | null;
  notes: string | null;
  status: SuggestionStatus;
  authorId: string | null;
  authorName: string | null;
  addedBy: string | null;
  promoted: boolean;
  /** The question it became ('Use as Today's Question'), once used. */
  questionId: number | null;
  /** One per admin (an array: usernames are not safe field names). */
  votes: IdeaVote[];
  dateAdded: string;
  /** Its place on the board, newest first: `dateAdded~_id` (the id settles a tie). */
  order: string;
};

/** A question a person submitted. `authorId` never leaves the server. */
export type SubmissionDoc = Doc & {
  content: string;
  status: SubmissionStatus;
  adminNotes: string | null;
  submitterName: string;
  authorId: string;
  dateSubmitted: string;
  questionId: number | null;
  /** Its place in the list, newest first: `dateSubmitted~_id` (the id settles a tie). */
  order: string;
};

/** A sort key that is unique and orders by time: pages end between two documents. */
const orderOf = (at: string, id: string) => `${at}~${id}`;

export const contributionsProjection = projection({
  name: 'contributions',
  version: 4,
  // Every change here is a change to the admins' lists.
  topics: [sharedTopics.adminContributions.name()],
  collections: {
    suggestions: collection<SuggestionDoc>(
      { key: { status: 1, order: -1 } },
      { key: { authorId: 1, dateAdded: -1 } },
    ),
    submissions: collection<SubmissionDoc>(
      { key: { status: 1, order: -1 } },
      { key: { order: -1 } },
      { key: { authorId: 1, dateSubmitted: -1 } },
    ),
  },
  on: {
    SuggestionMade: async ({ data }, db) => {
      // Written by someone who has since erased their data: nothing to keep.
      if (data.content === null) return;
      await db.suggestions.upsertOne({
        _id: data.suggestionId,
        content: data.content,
        category: data.category,
        notes: data.notes,
        status: 'pending',
        authorId: data.authorId,
        authorName: data.authorName,
        addedBy: data.addedBy,
        promoted: false,
        questionId: null,
        votes: [],
        dateAdded: data.at,
        order: orderOf(data.at, data.suggestionId),
      });
    },
    SuggestionApproved: async ({ data }, db) => {
      await db.suggestions.updateOne({ _id: data.suggestionId }, { $set: { status: 'approved' } });
    },
    SuggestionRejected: async ({ data }, db) => {
      await db.suggestions.updateOne({ _id: data.suggestionId }, { $set: { status: 'rejected' } });
    },
    SuggestionReopened: async ({ data }, db) => {
      await db.suggestions.updateOne({ _id: data.suggestionId }, { $set: { status: 'pending' } });
    },
    SuggestionEdited: async ({ data }, db) => {
      if (data.after === null) return;
      await db.suggestions.updateOne({ _id: data.suggestionId }, { $set: { ...data.after } });
    },
    SuggestionVoted: async ({ data }, db) => {
      const doc = await db.suggestions.findOne({ _id: data.suggestionId });
      if (!doc) return;
      const votes = [
        ...doc.votes.filter((v) => v.by !== data.by),
        { by: data.by, vote: data.vote },
      ];
      await db.suggestions.updateOne({ _id: data.suggestionId }, { $set: { votes } });
    },
    SuggestionPromoted: async ({ data }, db) => {
      await db.suggestions.updateOne({ _id: data.suggestionId }, { $set: { promoted: true } });
    },
    SuggestionDeleted: async ({ data }, db) => {
      await db.suggestions.deleteOne({ _id: data.suggestionId });
    },
    SubmissionSent: async ({ data }, db) => {
      if (data.content === null) return;
      await db.submissions.upsertOne({
        _id: data.submissionId,
        content: data.content,
        status: 'pending',
        adminNotes: null,
        submitterName: data.submitterName,
        authorId: data.authorId,
        dateSubmitted: data.at,
        questionId: null,
        order: orderOf(data.at, data.submissionId),
      });
    },
    SubmissionReviewed: async ({ data }, db) => {
      if (data.after === null) return;
      await db.submissions.updateOne({ _id: data.submissionId }, { $set: { ...data.after } });
    },
    SubmissionDeleted: async ({ data }, db) => {
      await db.submissions.deleteOne({ _id: data.submissionId });
    },
    SubmissionUsed: async ({ data }, db) => {
      await db.submissions.updateOne(
        { _id: data.submissionId },
        { $set: { status: 'used', questionId: data.questionId } },
      );
    },
    SuggestionUsed: async ({ data }, db) => {
      await db.suggestions.updateOne(
        { _id: data.suggestionId },
        { $set: { questionId: data.questionId } },
      );
    },
    PersonErased: async ({ data }, db) => {
      await db.suggestions.deleteMany({ authorId: data.personId });
      await db.submissions.deleteMany({ authorId: data.personId });
    },
  },
});
