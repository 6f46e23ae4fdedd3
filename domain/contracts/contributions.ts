import type { QuestionStatus } from './questions';

export type {
  AddIdeaBody,
  EditIdeaBody,
  ReviewSubmissionBody,
  SubmitQuestionBody,
  SuggestBody,
  VoteBody,
} from './schemas/contributions';

export type SuggestionStatusDto = 'pending' | 'approved' | 'rejected';
export type SubmissionStatusDto = 'pending' | 'approved' | 'rejected' | 'used';

/** One of the caller's own ideas, as /brainstorm shows it. */
export type MySuggestionDto = {
  id: string;
  content: string;
  category: string | null;
  status: SuggestionStatusDto;
  dateAdded: string;
};

/** The brainstorm page: the community's counts and the caller's own ideas (never anyone else's). */
export type BrainstormDto = {
  totalSuggestions: number;
  /** Approved ideas (the spec's "Questions Used"). */
  questionsUsed: number;
  underReview: number;
  mine: MySuggestionDto[];
};

/** A created contribution, with the log position to read it back at (X-Min-Position). */
export type ContributionCreatedDto = { id: string; position: string | null };

// ---- Admin ----

/** An idea on the admin board. Authors appear by pseudonym (or the admin who added it). */
export type AdminIdeaDto = {
  id: string;
  content: string;
  category: string | null;
  status: SuggestionStatusDto;
  dateAdded: string;
  createdBy: string;
  notes: string | null;
  /** Up votes minus down votes. */
  votes: number;
  /** The calling admin's own vote. */
  userVote: 'up' | 'down' | null;
  promoted: boolean;
  /** The question it became, once used as today's question. */
  questionId: number | null;
};

/** The board's statuses, in the order it lists them (rejected ideas leave the board). */
export const BOARD_STATUSES = ['pending', 'approved'] as const;
export type BoardStatus = (typeof BOARD_STATUSES)[number];

/** The board's counts by status. */
export type BrainstormCountsDto = Record<BoardStatus, number>;

export type AdminSubmissionDto = {
  id: string;
  content: string;
  status: SubmissionStatusDto;
  adminNotes: string | null;
  submitterName: string;
  dateSubmitted: string;
  questionId: number | null;
  /** What became of that question, as it stands now (a used submission's only). */
  question: SubmissionQuestionDto | null;
};

/** The question a submission became: asked today, asked before, planned, or deleted since. */
export type SubmissionQuestionDto = {
  id: number;
  status: QuestionStatus | 'deleted';
  /** The day it is (active), was (archived) or will be (scheduled) asked; null for a draft or a deleted one. */
  day: string | null;
};

/** The categories and limits the forms offer and show (the deciders hold them too). */
export {
  BOARD_CATEGORIES,
  IDEA_CATEGORIES,
  IDEA_MAX_CHARACTERS,
  NOTES_MAX_CHARACTERS,
  SUGGESTION_CATEGORIES,
  type IdeaCategory,
} from '../contributions/rules';
