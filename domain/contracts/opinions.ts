/**
 * The opinion map of a question (Pol.is's method over echoes and reactions), as the API serves
 * it and the UI shows it. The thresholds are privacy rules: below them nothing is shown.
 */

/** People on a map before it is drawn. */
export const OPINION_MIN_PARTICIPANTS = 12;
/** Echoes and reactions (on distinct answers) that put a person on the map. */
export const OPINION_MIN_VOTES = 3;
/** A group smaller than this is never shown: its members' dots carry no group. */
export const OPINION_MIN_GROUP_SIZE = 5;
/** Common ground the screen shows (the API gives up to five). */
export const OPINION_COMMON_GROUND_SHOWN = 3;

/** Group names in the order groups are listed (largest first). */
export const OPINION_GROUP_IDS = ['A', 'B', 'C', 'D', 'E'] as const;
export type OpinionGroupId = (typeof OPINION_GROUP_IDS)[number];

export type RepresentativeAnswerDto = {
  responseId: string;
  /** The group's agreement with it, Laplace-smoothed: (echoes + 1) / (seen + 2). */
  agree: number;
  /** Two-proportion z-score: how much more the group echoes it than everyone else. */
  z: number;
};

export type OpinionGroupDto = {
  id: OpinionGroupId;
  size: number;
  representative: RepresentativeAnswerDto[];
};

/** Group-informed consensus: the product over groups of their smoothed agreement. */
export type ConsensusAnswerDto = { responseId: string; score: number };

/** One person's place: anonymous, in no particular order. `group` null: in no shown group. */
export type OpinionPointDto = { x: number; y: number; group: OpinionGroupId | null };

export type OpinionMapDto = {
  status: 'ready' | 'too-few';
  /** How many more people with enough votes the map needs (only when too few). */
  needed?: number;
  /** People on the map: those with at least OPINION_MIN_VOTES echoes or reactions. */
  participants: number;
  groups: OpinionGroupDto[];
  consensus: ConsensusAnswerDto[];
  /** The caller's own place, sent only to them, when they are on the map. */
  you?: { group: OpinionGroupId | null; x: number; y: number };
  points: OpinionPointDto[];
};

/** An answer the map names (representative or common ground), as the map's cards show it. */
export type OpinionAnswerDto = {
  responseId: string;
  content: string;
  /** The caller wrote it. */
  isOwn: boolean;
};

/** One question's map in a line of the sentiment dashboard. */
export type OpinionSummaryDto = {
  questionId: number;
  status: 'ready' | 'too-few';
  participants: number;
  /** Groups shown. */
  groups: number;
  /** Share (0–1) of the map's answers that every shown group leans to echo. */
  consensusShare: number;
};

/** Questions one dashboard request may ask about (a month of days, two questions a day). */
export const OPINION_SUMMARIES_MAX = 62;
