/**
 * The inbox and push notifications as the API and the UI share them. A notification is built
 * from events that exist (a reply, an echo, a badge, a reviewed submission): nothing in it is
 * another person's id, only their pseudonym.
 */

/** Every kind of notification, in the order the settings list them. */
export const NOTIFICATION_KINDS = ['reply', 'mention', 'echo', 'badge', 'submission'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const isNotificationKind = (value: string): value is NotificationKind =>
  (NOTIFICATION_KINDS as readonly string[]).includes(value);

/** How each kind is named where a person mutes it. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  reply: 'Replies to your answers and replies',
  mention: 'Mentions of your name',
  echo: 'Echoes of your answers',
  badge: 'Badges you earn',
  submission: 'Your submitted questions and ideas',
};

/** What a lock screen may show of a push: the whole sentence, or only that something came. */
export const LOCK_SCREEN_CHOICES = ['full', 'private'] as const;
export type LockScreen = (typeof LOCK_SCREEN_CHOICES)[number];

/** Newest first; a person's inbox keeps this many, the oldest go. */
export const INBOX_KEEP = 200;
/** Read marks at once (one request). */
export const MARK_READ_MAX = 100;
/** Devices one person may have subscribed at once: the oldest makes way for a new one. */
export const PUSH_DEVICES_MAX = 10;

export type NotificationDto = {
  id: string;
  kind: NotificationKind;
  /** When it last changed (an echo group moves with its newest echo). */
  at: string;
  read: boolean;
  /** The pseudonym of whoever replied or mentioned; null for groups, badges, submissions. */
  actor: string | null;
  /** People in an echo group; 1 otherwise. */
  count: number;
  /** A reply's first words (reply and mention), as the discussion shows them now. */
  excerpt: string | null;
  /** Reply: to the person's own answer, or in a discussion they replied in. */
  thread: 'answer' | 'discussion' | null;
  /** Badge: its name. */
  badge: string | null;
  /** Submission: approved, or used as a question (a submitted question or a brainstorm idea). */
  submission: 'approved' | 'used-question' | 'used-idea' | null;
  /** Where it leads in the app; null when there is nowhere to go. */
  link: string | null;
};

export type NotificationSummaryDto = { unread: number };

export type MarkReadBody = { ids?: string[] };
export type MarkReadResult = { unread: number; position: string | null };

export type NotificationSettings = { muted: NotificationKind[]; lockScreen: LockScreen };
export type NotificationSettingsDto = NotificationSettings & {
  /** Devices subscribed to pushes (the person's, on all their devices). */
  devices: number;
};
export type NotificationSettingsSaveResult = NotificationSettingsDto & { position: string | null };

export const defaultNotificationSettings = (): NotificationSettings => ({
  muted: [],
  lockScreen: 'private',
});

export type PushPublicKeyDto = { publicKey: string };
/** The browser's `PushSubscription.toJSON()`. */
export type PushSubscriptionBody = {
  endpoint: string;
  expirationTime?: number | null;
  keys: { p256dh: string; auth: string };
};

/** Where a notification leads in the app; null when there is nowhere to go. */
export const notificationLink = (n: {
  kind: NotificationKind;
  questionId: number | null;
  submission: NotificationDto['submission'];
}): string | null => {
  switch (n.kind) {
    case 'reply':
    case 'mention':
    case 'echo':
      return n.questionId === null ? null : `/responses/${n.questionId}`;
    case 'badge':
      return '/profile';
    case 'submission':
      return n.submission === 'approved' ? '/submit-question' : null;
  }
};

const people = (n: number) => (n === 1 ? '1 person' : `${n} people`);

/** The notification as one sentence: the inbox's line and a push's title. */
export const notificationText = (
  n: Pick<NotificationDto, 'kind' | 'actor' | 'count' | 'thread' | 'badge' | 'submission'>,
): string => {
  const actor = n.actor ?? 'Someone';
  switch (n.kind) {
    case 'reply':
      return n.thread === 'discussion'
        ? `${actor} replied in a discussion you joined`
        : `${actor} replied to your answer`;
    case 'mention':
      return `${actor} mentioned you in a reply`;
    case 'echo':
      return `${people(n.count)} echoed your answer`;
    case 'badge':
      return `You earned the ${n.badge ?? 'new'} badge`;
    case 'submission':
      return n.submission === 'approved'
        ? 'Your submitted question was approved'
        : n.submission === 'used-idea'
          ? 'Your idea became a question on Boon'
          : 'Your submitted question became a question on Boon';
  }
};

/** What a lock screen shows of a push when the person keeps it private. */
export const privateNotificationText = (kind: NotificationKind, count: number): string => {
  if (count > 1) return 'New notifications on Boon';
  switch (kind) {
    case 'reply':
      return 'New reply on Boon';
    case 'mention':
      return 'New mention on Boon';
    case 'echo':
      return 'New echo on Boon';
    case 'badge':
      return 'New badge on Boon';
    case 'submission':
      return 'News about your question on Boon';
  }
};

/**
 * A push as the service worker receives it (decrypted): what to show and where a tap leads.
 * `tag` names what it is about, so a repeat replaces the notification instead of adding one.
 */
export type PushMessage = { title: string; body: string; tag: string; url: string };
