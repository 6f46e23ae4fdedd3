/**
 * Reporting and the review queue: what the browser and the server share (no zod here; the
 * request schemas are in `schemas/reports.ts`).
 */
export type { ReportBody, ResolveReportBody, AdminReportsQuery } from './schemas/reports';

/** What can be reported: an answer, a reply, a live-chat message. */
export const REPORT_TARGET_KINDS = ['response', 'reply', 'chat'] as const;
export type ReportTargetKind = (typeof REPORT_TARGET_KINDS)[number];
export type ReportTarget = { kind: ReportTargetKind; id: string };

/** Why, as the reporter picks it. */
export const REPORT_REASONS = [
  'harassment',
  'hate',
  'threat',
  'self-harm',
  'spam',
  'personal-information',
  'off-topic',
  'other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** Longest text a reporter may add beside the reason, in characters. */
export const REPORT_TEXT_MAX = 500;
/** Longest note an admin may add to a decision, in characters. */
export const MODERATION_NOTE_MAX = 500;

/** Why an item is held or hidden: the reporters' leading reason, or the analyzer's doubt. */
export type ModerationReason = ReportReason | 'analyzer';

export const MODERATION_REASON_LABELS: Readonly<Record<ModerationReason, string>> = {
  harassment: 'Harassment',
  hate: 'Hate',
  threat: 'A threat',
  'self-harm': 'Self-harm',
  spam: 'Spam',
  'personal-information': 'Personal information',
  'off-topic': 'Off-topic',
  other: 'Something else',
  analyzer: 'Its tone, as the automatic check read it',
};

/** An admin's decision on a reported or held item. */
export const MODERATION_ACTIONS = ['hide', 'remove', 'dismiss', 'restore'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

/**
 * Who sees an item: everyone (`visible`); only its author, pending review (`held`, by enough
 * reporters or the analyzer) or by a moderator's decision (`hidden`); no one (`removed`,
 * counted as a delete).
 */
export type Visibility = 'visible' | 'held' | 'hidden' | 'removed';

/** What an author sees on their own item that others no longer see. */
export type ModerationStateDto = {
  visibility: 'held' | 'hidden';
  reason: ModerationReason;
};

/** The answer to a report: 201. */
export type ReportResult = { id: string; position: string | null };

/** One item in the review queue, with everything an admin decides on. */
export type QueueItemDto = {
  /** `response-<id>`, `reply-<id>` or `chat-<id>`: the path of its resolve call. */
  id: string;
  target: ReportTarget;
  visibility: Visibility;
  /** Open reports (each from a different person). */
  reportCount: number;
  reasons: { reason: ReportReason; count: number }[];
  /** What reporters wrote beside their reasons (never who they are). */
  notes: string[];
  /** Held pending review: by enough reporters, or by the analyzer. */
  heldBy: 'reports' | 'analyzer' | null;
  firstReportedAt: string;
  lastReportedAt: string;
  /** The reported words; null once its author erased them. */
  content: string | null;
  author: string;
  context: {
    question: { id: number; content: string } | null;
    /** For a reply: the answer it replies to. */
    inReplyTo: { author: string; content: string } | null;
  };
  scores: {
    analyzerVersion: string;
    civility: number;
    relevance: number | null;
    sincerity: number;
  } | null;
};

/** Told to an author: one of their items is held, hidden or removed, and why. */
export type ModerationNoticeDto = {
  id: string;
  target: ReportTarget;
  visibility: 'held' | 'hidden' | 'removed';
  reason: ModerationReason;
  questionId: number | null;
  at: string;
};
