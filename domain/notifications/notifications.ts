import { List } from 'immutable';
import {
  PUSH_DEVICES_MAX,
  type NotificationSettings,
  type PushSubscriptionBody,
} from '../contracts/notifications';
import { commandHandler } from '../shared/command-handler';
import type { Decider } from '../shared/decider';
import type { NotificationEvent } from './events';

/** One person's notification settings, read marks and push devices: only they change them. */
export const notificationsStreamId = (personId: string) => `notifications-${personId}`;

export type ChangeNotificationSettings = {
  type: 'ChangeNotificationSettings';
  personId: string;
  settings: NotificationSettings;
  at: Date;
};

/** `ids` null: all of them. The caller has checked there is something unread to mark. */
export type MarkNotificationsRead = {
  type: 'MarkNotificationsRead';
  personId: string;
  ids: string[] | null;
  at: Date;
};

export type SubscribePush = {
  type: 'SubscribePush';
  personId: string;
  /** SHA-256 (hex) of the endpoint, made by the caller. */
  endpointHash: string;
  subscription: Pick<PushSubscriptionBody, 'endpoint' | 'keys'>;
  at: Date;
};

export type UnsubscribePush = {
  type: 'UnsubscribePush';
  personId: string;
  endpointHash: string;
  /** The person's own choice, or the push service saying the device is gone. */
  reason: 'unsubscribed' | 'expired';
  at: Date;
};

export type NotificationCommand =
  ChangeNotificationSettings | MarkNotificationsRead | SubscribePush | UnsubscribePush;

type Device = { endpointHash: string; subscription: string };

export type NotificationsState = {
  /** The saved settings as canonical JSON (null until the first save): a repeat changes nothing. */
  settings: string | null;
  /** Subscribed devices, oldest first. */
  devices: List<Device>;
};

const canonical = (settings: NotificationSettings) =>
  JSON.stringify({ muted: [...settings.muted].sort(), lockScreen: settings.lockScreen });

const subscriptionKey = (subscription: SubscribePush['subscription'] | null) =>
  subscription === null
    ? ''
    : JSON.stringify([subscription.endpoint, subscription.keys.p256dh, subscription.keys.auth]);

export const notificationsDecider: Decider<
  NotificationCommand,
  NotificationEvent,
  NotificationsState
> = {
  initialState: () => ({ settings: null, devices: List() }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'NotificationSettingsChanged':
        return {
          ...state,
          settings: canonical({
            muted: event.data.muted as NotificationSettings['muted'],
            lockScreen: event.data.lockScreen,
          }),
        };
      case 'NotificationsRead':
        return state;
      case 'PushSubscriptionAdded': {
        const { endpointHash } = event.data;
        return {
          ...state,
          devices: state.devices
            .filter((device) => device.endpointHash !== endpointHash)
            .push({ endpointHash, subscription: subscriptionKey(event.data.subscription) }),
        };
      }
      case 'PushSubscriptionRemoved':
        return {
          ...state,
          devices: state.devices.filter((d) => d.endpointHash !== event.data.endpointHash),
        };
    }
  },
  decide: (command, state) => {
    const at = command.at.toISOString();
    const { personId } = command;
    switch (command.type) {
      case 'ChangeNotificationSettings': {
        if (state.settings === canonical(command.settings)) return [];
        return [
          {
            type: 'NotificationSettingsChanged',
            data: { personId, ...command.settings, at },
          },
        ];
      }
      case 'MarkNotificationsRead':
        return [{ type: 'NotificationsRead', data: { personId, ids: command.ids, at } }];
      case 'SubscribePush': {
        const { endpointHash, subscription } = command;
        const known = state.devices.find((device) => device.endpointHash === endpointHash);
        if (known?.subscription === subscriptionKey(subscription)) return [];
        // The oldest devices make way, so a person who keeps reinstalling never runs out.
        const others = state.devices.filter((device) => device.endpointHash !== endpointHash);
        const replaced = others.slice(0, Math.max(0, others.size - (PUSH_DEVICES_MAX - 1)));
        return [
          ...replaced.toArray().map((device) => ({
            type: 'PushSubscriptionRemoved' as const,
            data: { personId, endpointHash: device.endpointHash, reason: 'replaced' as const, at },
          })),
          {
            type: 'PushSubscriptionAdded',
            data: {
              personId,
              endpointHash,
              subscription: { endpoint: subscription.endpoint, keys: subscription.keys },
              at,
            },
          },
        ];
      }
      case 'UnsubscribePush': {
        if (!state.devices.some((device) => device.endpointHash === command.endpointHash)) {
          return [];
        }
        return [
          {
            type: 'PushSubscriptionRemoved',
            data: { personId, endpointHash: command.endpointHash, reason: command.reason, at },
          },
        ];
      }
    }
  },
};

/** Bound to the stream its commands address. */
export const notifications = commandHandler(notificationsDecider, (c) =>
  notificationsStreamId(c.personId),
);
