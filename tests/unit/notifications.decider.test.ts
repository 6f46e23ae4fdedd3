import { describe, it } from 'vitest';
import type { NotificationEvent } from '../../domain/notifications/events';
import { notificationsDecider, type SubscribePush } from '../../domain/notifications/notifications';
import { specFor } from '../support/given-when-then';

const given = specFor(notificationsDecider);
const at = new Date('2026-11-22T15:00:00Z');
const iso = at.toISOString();
const hash = (n: number) => String(n).padStart(64, '0');
const keys = { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) };
const subscription = (n: number, auth = keys.auth) => ({
  endpoint: `https://push.example/${n}`,
  keys: { ...keys, auth },
});
const subscribe = (n: number, auth?: string): SubscribePush => ({
  type: 'SubscribePush',
  personId: 'ann',
  endpointHash: hash(n),
  subscription: subscription(n, auth),
  at,
});
const added = (n: number, auth?: string): NotificationEvent => ({
  type: 'PushSubscriptionAdded',
  data: { personId: 'ann', endpointHash: hash(n), subscription: subscription(n, auth), at: iso },
});
const removed = (
  n: number,
  reason: 'unsubscribed' | 'expired' | 'replaced',
): NotificationEvent => ({
  type: 'PushSubscriptionRemoved',
  data: { personId: 'ann', endpointHash: hash(n), reason, at: iso },
});

describe('notification settings', () => {
  const change = (muted: ('echo' | 'badge')[], lockScreen: 'full' | 'private' = 'full') => ({
    type: 'ChangeNotificationSettings' as const,
    personId: 'ann',
    settings: { muted, lockScreen },
    at,
  });

  it('records what the person chose, and nothing when they choose it again', () => {
    given([])
      .when(change(['echo', 'badge']))
      .then([
        {
          type: 'NotificationSettingsChanged',
          data: { personId: 'ann', muted: ['echo', 'badge'], lockScreen: 'full', at: iso },
        },
      ]);
    given([
      {
        type: 'NotificationSettingsChanged',
        data: { personId: 'ann', muted: ['echo', 'badge'], lockScreen: 'full', at: iso },
      },
    ])
      .when(change(['badge', 'echo']))
      .thenNothing();
  });
});

describe('push devices', () => {
  it('subscribes a device once: the same subscription again changes nothing', () => {
    given([])
      .when(subscribe(1))
      .then([added(1)]);
    given([added(1)])
      .when(subscribe(1))
      .thenNothing();
  });

  it('takes new keys for a device it knows (the browser made a new subscription)', () => {
    given([added(1)])
      .when(subscribe(1, 'b'.repeat(22)))
      .then([added(1, 'b'.repeat(22))]);
  });

  it('makes room for a new device by dropping the oldest once ten are subscribed', () => {
    const ten = Array.from({ length: 10 }, (_, i) => added(i + 1));
    given(ten)
      .when(subscribe(11))
      .then([removed(1, 'replaced'), added(11)]);
    given([...ten, removed(3, 'unsubscribed')])
      .when(subscribe(11))
      .then([added(11)]);
  });

  it('unsubscribes only a device it has, and says why', () => {
    const unsubscribe = (reason: 'unsubscribed' | 'expired') => ({
      type: 'UnsubscribePush' as const,
      personId: 'ann',
      endpointHash: hash(1),
      reason,
      at,
    });
    given([added(1)])
      .when(unsubscribe('expired'))
      .then([removed(1, 'expired')]);
    given([added(1), removed(1, 'unsubscribed')])
      .when(unsubscribe('unsubscribed'))
      .thenNothing();
    given([]).when(unsubscribe('unsubscribed')).thenNothing();
  });
});
