import type { Reminder, ReminderSettings } from '../contracts/reminders';
import { commandHandler } from '../shared/command-handler';
import type { Decider } from '../shared/decider';
import type { ReminderEvent } from './events';

/** One person's reminders and calendar feed link: only they change them. */
export const remindersStreamId = (personId: string) => `reminders-${personId}`;

export type ChangeReminderSettings = {
  type: 'ChangeReminderSettings';
  personId: string;
  settings: ReminderSettings;
  at: Date;
};

export type IssueCalendarFeed = {
  type: 'IssueCalendarFeed';
  personId: string;
  /** SHA-256 (hex) of the new secret token. */
  tokenHash: string;
  at: Date;
};

export type RevokeCalendarFeed = { type: 'RevokeCalendarFeed'; personId: string; at: Date };

export type ReminderCommand = ChangeReminderSettings | IssueCalendarFeed | RevokeCalendarFeed;

export type RemindersState = {
  /** The saved settings as canonical JSON (null until the first save): a repeat changes nothing. */
  saved: string | null;
  feedTokenHash: string | null;
};

const inOrder = ({ enabled, time, frequency, weekday }: Reminder) => ({
  enabled,
  time,
  frequency,
  weekday,
});

/** The settings with their keys in one order, so equal settings compare equal. */
const canonical = (settings: ReminderSettings) =>
  JSON.stringify({
    enabled: settings.enabled,
    timeZone: settings.timeZone,
    dailyQuestion: inOrder(settings.dailyQuestion),
    streakProtection: inOrder(settings.streakProtection),
    journalReflection: inOrder(settings.journalReflection),
    custom: settings.custom.map((c) => ({ id: c.id, title: c.title, ...inOrder(c) })),
  });

export const remindersDecider: Decider<ReminderCommand, ReminderEvent, RemindersState> = {
  initialState: () => ({ saved: null, feedTokenHash: null }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'ReminderSettingsChanged':
        // Custom reminders read as null once erased: nothing of them is left to compare.
        return { ...state, saved: canonical({ ...event.data, custom: event.data.custom ?? [] }) };
      case 'CalendarFeedIssued':
        return { ...state, feedTokenHash: event.data.tokenHash };
      case 'CalendarFeedRevoked':
        return { ...state, feedTokenHash: null };
    }
  },
  decide: (command, state) => {
    const at = command.at.toISOString();
    switch (command.type) {
      case 'ChangeReminderSettings': {
        if (state.saved === canonical(command.settings)) return [];
        return [
          {
            type: 'ReminderSettingsChanged',
            data: { personId: command.personId, ...command.settings, at },
          },
        ];
      }
      case 'IssueCalendarFeed': {
        return [
          {
            type: 'CalendarFeedIssued',
            data: { personId: command.personId, tokenHash: command.tokenHash, at },
          },
        ];
      }
      case 'RevokeCalendarFeed': {
        if (state.feedTokenHash === null) return [];
        return [
          {
            type: 'CalendarFeedRevoked',
            data: { personId: command.personId, tokenHash: state.feedTokenHash, at },
          },
        ];
      }
    }
  },
};

/** Bound to the stream its commands address. */
export const reminders = commandHandler(remindersDecider, (c) => remindersStreamId(c.personId));
