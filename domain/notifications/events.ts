import { z } from 'zod';
import { defineEvent } from '../shared/events';

const at = z.iso.datetime();
const endpointHash = z.string().length(64);

/**
 * A person chose which kinds of notification they want (the others are muted: kept out of
 * their inbox and never pushed) and what a lock screen may show of a push. Kinds are names,
 * not a closed list, so a kind added later needs no new version of this event.
 */
export const NotificationSettingsChanged = defineEvent({
  type: 'NotificationSettingsChanged',
  version: 1,
  schema: z.object({
    personId: z.string().min(1),
    muted: z.array(z.string().min(1).max(40)).max(20),
    lockScreen: z.enum(['full', 'private']),
    at,
  }),
});

/**
 * A person read notifications: these (by their ids in the inbox), or, with `ids` null, every
 * one in their inbox when they marked them.
 */
export const NotificationsRead = defineEvent({
  type: 'NotificationsRead',
  version: 1,
  schema: z.object({
    personId: z.string().min(1),
    ids: z.array(z.string().min(1).max(64)).max(100).nullable(),
    at,
  }),
});

/**
 * A person's browser subscribed to pushes. The endpoint is a capability (whoever holds it
 * may send to the device) and the keys open what is sent: the subscription is sealed with the
 * person's key and reads as null once they erased their data. Only the SHA-256 of the
 * endpoint is in the clear, to name the device.
 */
export const PushSubscriptionAdded = defineEvent({
  type: 'PushSubscriptionAdded',
  version: 1,
  schema: z.object({
    personId: z.string().min(1),
    endpointHash,
    subscription: z
      .object({
        endpoint: z.string().min(1),
        keys: z.object({ p256dh: z.string().min(1), auth: z.string().min(1) }),
      })
      .nullable(),
    at,
  }),
  sealed: { subject: (data) => data.personId, fields: ['subscription'] },
});

/**
 * A device no longer gets pushes: its person unsubscribed it, the push service said it is
 * gone (404 or 410), or a newer device took its place under the limit.
 */
export const PushSubscriptionRemoved = defineEvent({
  type: 'PushSubscriptionRemoved',
  version: 1,
  schema: z.object({
    personId: z.string().min(1),
    endpointHash,
    reason: z.enum(['unsubscribed', 'expired', 'replaced']),
    at,
  }),
});

type Data<D extends { schema: z.ZodType }> = z.infer<D['schema']>;
export type PushSubscriptionAddedData = Data<typeof PushSubscriptionAdded>;
export type NotificationEvent =
  | { type: 'NotificationSettingsChanged'; data: Data<typeof NotificationSettingsChanged> }
  | { type: 'NotificationsRead'; data: Data<typeof NotificationsRead> }
  | { type: 'PushSubscriptionAdded'; data: PushSubscriptionAddedData }
  | { type: 'PushSubscriptionRemoved'; data: Data<typeof PushSubscriptionRemoved> };
