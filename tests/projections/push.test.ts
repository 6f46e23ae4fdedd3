import { describe, expect, it } from 'vitest';
import { defaultReminderSettings } from '../../domain/contracts/reminders';
import type { AnyEvent } from '../../domain/event-catalog';
import { pushSubscriptionsProjection } from '../../projections/push-subscriptions';
import { reminderScheduleProjection } from '../../projections/reminder-schedule';
import { projectionSpec } from '../support/projection-spec';

const at = '2026-11-22T15:00:00.000Z';
const hash = 'e'.repeat(64);
const added = (personId: string): AnyEvent => ({
  type: 'PushSubscriptionAdded',
  data: {
    personId,
    endpointHash: hash,
    subscription: { endpoint: 'https://push.example/1', keys: { p256dh: 'B', auth: 'a' } },
    at,
  },
});
const removed = (personId: string): AnyEvent => ({
  type: 'PushSubscriptionRemoved',
  data: { personId, endpointHash: hash, reason: 'unsubscribed', at },
});

describe('push devices', () => {
  it('belong to whoever subscribed the browser last; only its owner’s removal takes it away', async () => {
    const { read } = await projectionSpec(pushSubscriptionsProjection).given([
      added('ann'),
      added('bob'),
      removed('ann'),
    ]);
    expect(await read.push_subscriptions.find({})).toEqual([
      expect.objectContaining({ _id: hash, personId: 'bob', endpoint: 'https://push.example/1' }),
    ]);
    const after = await projectionSpec(pushSubscriptionsProjection).given([
      added('bob'),
      removed('bob'),
    ]);
    expect(await after.read.push_subscriptions.count({})).toBe(0);
  });

  it('go with an erasure, and an erased subscription (its key destroyed) is never kept', async () => {
    const { read } = await projectionSpec(pushSubscriptionsProjection).given([
      added('ann'),
      { type: 'PersonErased', data: { personId: 'ann', at } },
      {
        type: 'PushSubscriptionAdded',
        data: { personId: 'cat', endpointHash: 'f'.repeat(64), subscription: null, at },
      },
    ]);
    expect(await read.push_subscriptions.count({})).toBe(0);
  });
});

describe('the reminder schedule', () => {
  const berlin = defaultReminderSettings('Europe/Berlin');
  const saved = (personId: string, settings = berlin): AnyEvent => ({
    type: 'ReminderSettingsChanged',
    data: { personId, ...settings, at },
  });

  it('holds each reminder that is on at its zone’s wall-clock time, and counts reminders per zone', async () => {
    const custom = {
      id: 'c1',
      title: 'Stretch',
      enabled: true,
      time: '12:15',
      frequency: 'weekdays' as const,
      weekday: null,
    };
    const { read } = await projectionSpec(reminderScheduleProjection).given([
      saved('ann', {
        ...berlin,
        journalReflection: { ...berlin.journalReflection, enabled: false },
        custom: [custom],
      }),
      saved('bob', { ...defaultReminderSettings('Asia/Tokyo'), enabled: false }),
      saved('cat', defaultReminderSettings('Asia/Tokyo')),
      saved('cat', berlin),
    ]);
    const nine = await read.reminder_slots.find({ timeZone: 'Europe/Berlin', time: '09:00' });
    expect(nine.map((s) => s.personId).sort()).toEqual(['ann', 'cat']);
    expect(await read.reminder_slots.findOne({ _id: 'ann~c1' })).toMatchObject({
      title: 'Stretch',
      builtIn: false,
      frequency: 'weekdays',
    });
    expect(await read.reminder_slots.findOne({ _id: 'ann~journalReflection' })).toBeNull();
    expect(await read.reminder_zones.findOne({ _id: 'Europe/Berlin' })).toMatchObject({ slots: 6 });
    expect(await read.reminder_zones.findOne({ _id: 'Asia/Tokyo' })).toMatchObject({ slots: 0 });
  });

  it('forgets an erased person’s reminders', async () => {
    const { read } = await projectionSpec(reminderScheduleProjection).given([
      saved('ann'),
      { type: 'PersonErased', data: { personId: 'ann', at } },
    ]);
    expect(await read.reminder_slots.count({})).toBe(0);
    expect(await read.reminder_zones.findOne({ _id: 'Europe/Berlin' })).toMatchObject({ slots: 0 });
  });
});
