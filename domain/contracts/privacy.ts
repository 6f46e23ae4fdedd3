import type { NotificationSettings } from './notifications';
import type { ReminderSettings } from './reminders';
export type DeleteDataResult = {
  /** Whether there was anything to erase (a second request finds a fresh device). */
  erased: boolean;
  position: string | null;
};

export type ExportedResponse = {
  id: string;
  questionId: number;
  question: string;
  content: string;
  spectrumPosition: number | null;
  day: string;
  createdAt: string;
  echoCount: number;
  replyCount: number;
};

export type ExportedReply = {
  id: string;
  responseId: string;
  questionId: number;
  content: string;
  createdAt: string;
};

export type ExportedJournalEntry = {
  id: string;
  title: string | null;
  content: string;
  mood: string | null;
  tags: string[];
  entryType: string;
  day: string;
  createdAt: string;
  updatedAt: string;
};

/** Everything Boon holds about the caller (`GET /api/user/export`). */
export type DataExportDto = {
  exportedAt: string;
  /** Null for a device that never registered (or erased its data): nothing is held. */
  profile: { pseudonym: string; registeredAt: string } | null;
  settings: {
    showActivity: boolean;
    /** What the inbox and pushes leave out, and what a lock screen shows. */
    notifications: NotificationSettings;
    /** Reminders as saved; null while the person keeps the defaults. */
    reminders: ReminderSettings | null;
    /** How many browsers receive their pushes (the endpoints are the push services', not theirs). */
    pushDevices: number;
  } | null;
  agreements: { type: string; version: string; at: string }[];
  streak: { current: number; longest: number; totalResponses: number };
  badges: { id: string; earnedAt: string }[];
  responses: ExportedResponse[];
  replies: ExportedReply[];
  echoesGiven: { responseId: string }[];
  reactionsGiven: { responseId: string; questionId: number; emoji: string }[];
  journal: ExportedJournalEntry[];
};
