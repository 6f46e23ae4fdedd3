import type { QuestionDto } from './questions';

/** Question id → whether the caller answered it (the spec's response-status map). */
export type ResponseStatusDto = Record<string, boolean>;

/** The spec's second has-responded call: about one question. */
export type QuestionRespondedDto = { questionId: number; hasResponded: boolean };

/** One of the caller's own answers, in their history (numbered newest first by the UI). */
export type OwnResponseDto = {
  id: string;
  questionId: number;
  questionContent: string;
  questionCategory: string;
  content: string;
  spectrumPosition: number | null;
  echoCount: number;
  replyCount: number;
  dateAdded: string;
  /** The product day it answered (YYYY-MM-DD): how every screen dates an answer. */
  day: string;
};

/** A question on the caller's journey, with their own answer when they gave one. */
export type JourneyQuestionDto = QuestionDto & {
  hasResponded: boolean;
  response: { id: string; content: string; dateAdded: string } | null;
};

/** A past question as anyone may browse it before answering today: no answers, no authors. */
export type QuestionTitleDto = Pick<QuestionDto, 'id' | 'content' | 'category' | 'dateAdded'>;
