import { describe, it } from 'vitest';
import { defaultReminderSettings } from '../../domain/contracts/reminders';
import type { ReminderEvent } from '../../domain/reminders/events';
import { remindersDecider, type ChangeReminderSettings } from '../../domain/reminders/reminders';
import { specFor } from '../support/given-when-then';

const given = specFor(remindersDecider);
const at = new Date('2026-11-22T15:00:00Z');
const berlin = defaultReminderSettings('Europe/Berlin');
const change = (settings = berlin): ChangeReminderSettings => ({
  type: 'ChangeReminderSettings',
  personId: 'ann',
  settings,
  at,
});
const changed = (settings = berlin): ReminderEvent => ({
  type: 'ReminderSettingsChanged',
  data: { personId: 'ann', ...settings, at: at.toISOString() },
});
const issued = (tokenHash: string): ReminderEvent => ({
  type: 'CalendarFeedIssued',
  data: { personId: 'ann', tokenHash, at: at.toISOString() },
});
const hashA = 'a'.repeat(64);
const hashB = 'b'.repeat(64);

describe('ChangeReminderSettings', () => {
  it('records the settings as they were saved', () => {
    given([]).when(change()).then([changed()]);
  });

  it('records nothing when they are saved again unchanged', () => {
    given([changed()]).when(change()).then([]);
  });

  it('records a change of time', () => {
    const later = { ...berlin, dailyQuestion: { ...berlin.dailyQuestion, time: '07:30' } };
    given([changed()])
      .when(change(later))
      .then([changed(later)]);
  });
  it('reads settings whose custom reminders were erased (null) as having none', () => {
    const erased: ReminderEvent = {
      type: 'ReminderSettingsChanged',
      data: { personId: 'ann', ...berlin, custom: null, at: at.toISOString() },
    };
    given([erased]).when(change()).then([]);
  });
});

describe('calendar feed links', () => {
  it('issues a link, and a new one replaces it', () => {
    given([])
      .when({ type: 'IssueCalendarFeed', personId: 'ann', tokenHash: hashA, at })
      .then([issued(hashA)]);
    given([issued(hashA)])
      .when({ type: 'IssueCalendarFeed', personId: 'ann', tokenHash: hashB, at })
      .then([issued(hashB)]);
  });

  it('revokes the live link, naming it', () => {
    given([issued(hashA), issued(hashB)])
      .when({ type: 'RevokeCalendarFeed', personId: 'ann', at })
      .then([
        {
          type: 'CalendarFeedRevoked',
          data: { personId: 'ann', tokenHash: hashB, at: at.toISOString() },
        },
      ]);
  });

  it('records nothing when there is no live link to revoke', () => {
    given([]).when({ type: 'RevokeCalendarFeed', personId: 'ann', at }).then([]);
  });
});

describe('saving the same settings in another key order', () => {
  it('records nothing', () => {
    const withCustom = {
      ...berlin,
      custom: [
        {
          id: 'c1',
          title: 'Walk',
          enabled: true,
          time: '08:00',
          frequency: 'daily' as const,
          weekday: null,
        },
      ],
    };
    const [custom] = withCustom.custom;
    const reordered = {
      ...withCustom,
      custom: [
        {
          weekday: null,
          frequency: 'daily' as const,
          time: '08:00',
          enabled: true,
          title: 'Walk',
          id: custom!.id,
        },
      ],
    };
    given([changed(withCustom)])
      .when(change(reordered))
      .then([]);
  });
});
