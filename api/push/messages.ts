import { badgeById } from '../../domain/badges/catalogue';
import {
  notificationLink,
  notificationText,
  privateNotificationText,
  type LockScreen,
  type PushMessage,
} from '../../domain/contracts/notifications';
import { BUILT_IN_BODIES, CUSTOM_REMINDER_BODY } from '../../domain/contracts/reminder-clock';
import {
  BUILT_IN_REMINDERS,
  BUILT_IN_TITLES,
  type BuiltInReminder,
} from '../../domain/contracts/reminders';
import type { NotificationDoc } from '../../projections/notifications';
import type { ReminderSlotDoc } from '../../projections/reminder-schedule';

/** A push's words shown on a lock screen: a reply's first words at most. */
const BODY_CHARS = 120;

const clip = (text: string) =>
  text.length > BODY_CHARS ? `${text.slice(0, BODY_CHARS).trimEnd()}…` : text;

const isBuiltIn = (id: string): id is BuiltInReminder =>
  (BUILT_IN_REMINDERS as readonly string[]).includes(id);

const REMINDER_PAGES: Record<BuiltInReminder, string> = {
  dailyQuestion: '/home',
  streakProtection: '/home',
  journalReflection: '/profile',
};

/**
 * A reminder as a push. The built-ins' words are Boon's own; a custom reminder's title is the
 * person's, shown only where they let the lock screen show everything.
 */
export const reminderMessage = (
  slot: Pick<ReminderSlotDoc, 'reminderId' | 'title'>,
  day: string,
  lockScreen: LockScreen,
): PushMessage => {
  const tag = `reminder-${slot.reminderId}-${day}`;
  if (isBuiltIn(slot.reminderId)) {
    return {
      title: BUILT_IN_TITLES[slot.reminderId],
      body: BUILT_IN_BODIES[slot.reminderId],
      tag,
      url: REMINDER_PAGES[slot.reminderId],
    };
  }
  return {
    title: lockScreen === 'full' && slot.title ? slot.title : 'Reminder from Boon',
    body: CUSTOM_REMINDER_BODY,
    tag,
    url: '/home',
  };
};

/**
 * What is new in a person's inbox as one push: the newest notification, and how many there are.
 * Private lock screens get only that something came ("New reply on Boon").
 */
export const inboxMessage = (
  newestFirst: readonly NotificationDoc[],
  replyText: (replyId: string) => string | null,
  lockScreen: LockScreen,
): PushMessage => {
  const newest = newestFirst[0]!;
  const count = newestFirst.length;
  const url = (count === 1 ? notificationLink(newest) : null) ?? '/notifications';
  if (lockScreen === 'private') {
    return { title: 'Boon', body: privateNotificationText(newest.kind, count), tag: 'inbox', url };
  }
  const sentence = notificationText({
    ...newest,
    badge: newest.badgeId ? (badgeById(newest.badgeId)?.name ?? null) : null,
  });
  const excerpt = newest.replyId ? replyText(newest.replyId) : null;
  if (count === 1) {
    return { title: sentence, body: excerpt ? clip(excerpt) : '', tag: 'inbox', url };
  }
  return { title: `${count} new notifications on Boon`, body: sentence, tag: 'inbox', url };
};
