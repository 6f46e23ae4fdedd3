import { describe, expect, it } from 'vitest';
import { defaultReminderSettings } from '../../domain/contracts/reminders';
import type { AnyEvent } from '../../domain/event-catalog';
import { remindersProjection } from '../../projections/reminders';
import { projectionSpec } from '../support/projection-spec';

const at = '2026-11-22T15:00:00.000Z';
const tokyo = defaultReminderSettings('Asia/Tokyo');
const saved = (personId: string): AnyEvent => ({
  type: 'ReminderSettingsChanged',
  data: { personId, ...tokyo, at },
});
const issued = (personId: string, tokenHash: string): AnyEvent => ({
  type: 'CalendarFeedIssued',
  data: { personId, tokenHash, at },
});
const [a, b, c] = ['a', 'b', 'c'].map((x) => x.repeat(64)) as [string, string, string];

describe('the reminders read model', () => {
  it('keeps the saved settings and only the newest feed link of each person', async () => {
    const { read } = await projectionSpec(remindersProjection).given([
      issued('ann', a),
      saved('ann'),
      issued('ann', b),
      issued('bob', c),
    ]);
    const ann = await read.reminder_settings.findOne({ _id: 'ann' });
    expect(ann).toMatchObject({ saved: { timeZone: 'Asia/Tokyo' }, feedIssuedAt: at });
    expect((await read.calendar_feeds.find({})).map((f) => [f._id, f.personId])).toEqual(
      expect.arrayContaining([
        [b, 'ann'],
        [c, 'bob'],
      ]),
    );
    expect(await read.calendar_feeds.findOne({ _id: a })).toBeNull();
  });

  it('reads erased custom reminders (null, their key gone) as none', async () => {
    const { read } = await projectionSpec(remindersProjection).given([
      { type: 'ReminderSettingsChanged', data: { personId: 'ann', ...tokyo, custom: null, at } },
    ]);
    expect((await read.reminder_settings.findOne({ _id: 'ann' }))?.saved?.custom).toEqual([]);
  });

  it('ends a revoked link, and forgets everything of a person who erased their data', async () => {
    const { read } = await projectionSpec(remindersProjection).given([
      saved('ann'),
      issued('ann', a),
      { type: 'CalendarFeedRevoked', data: { personId: 'ann', tokenHash: a, at } },
      saved('bob'),
      issued('bob', b),
      { type: 'PersonErased', data: { personId: 'bob', at } },
    ]);
    expect(await read.calendar_feeds.count({})).toBe(0);
    expect(await read.reminder_settings.findOne({ _id: 'ann' })).toMatchObject({
      feedIssuedAt: null,
    });
    expect(await read.reminder_settings.findOne({ _id: 'bob' })).toBeNull();
  });
});
