import type { BadgeRarity } from './progress';
import type { ReactionSummaryDto } from './reactions';
import type { ModerationStateDto } from './reports';

export type { SubmitResponseBody } from './schemas/responses';

/** A response as any reader sees it: no device or user id, ownership precomputed. */
export type ResponseDto = {
  id: string;
  questionId: number;
  content: string;
  spectrumPosition: number | null;
  echoCount: number;
  replyCount: number;
  dateAdded: string;
  /** The author's pseudonym ('Anonymous' when empty). */
  username: string;
  questionContent: string;
  questionCategory: string;
  /** True only for the caller's own response. */
  isOwn: boolean;
  /** Whether the caller echoes it (false in a command's answer: one cannot echo one's own). */
  hasEchoed: boolean;
  /** Its reactions: counts per emoji, and which of them are the caller's. */
  reactions: ReactionSummaryDto;
  /** The author's current streak and top badge, only while they keep Show Activity on. */
  activity?: AuthorActivityDto | null;
  /** Only on the caller's own answer that others no longer see: held or hidden, and why. */
  moderation: ModerationStateDto | null;
};

/** What Show Activity lets others see beside a pseudonym, and nothing more. */
export type AuthorActivityDto = {
  streak: number;
  topBadge: { name: string; rarity: BadgeRarity } | null;
};

/** The caller's echoes today: the daily limit and when it resets come from the day rules. */
export type EchoUsageDto = {
  used: number;
  dailyLimit: number;
  remaining: number;
  /** When the next product day starts, as people read it ("3 AM EST"). */
  resetsAt: string;
};

export type HasRespondedDto = {
  hasResponded: boolean;
  questionId: number | null;
  deviceId: string;
};

/** Every command answers with the log position of its last event (string: a bigint). */
export type CommandResult = { position: string | null };

export type SubmitResponseResult = CommandResult & { id: string; response: ResponseDto };
