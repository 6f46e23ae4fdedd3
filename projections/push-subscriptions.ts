import type { Doc } from '../infra/read-store/read-store';
import { collection, projection } from './engine/define';

/**
 * `_id` is the SHA-256 of the endpoint: one browser's subscription, owned by whoever
 * subscribed it last (a shared device signed in as someone else).
 */
export type PushSubscriptionDoc = Doc & {
  personId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  subscribedAt: string;
};

/** The devices each person gets pushes on: what the push sender reads. */
export const pushSubscriptionsProjection = projection({
  name: 'push-subscriptions',
  version: 1,
  collections: {
    push_subscriptions: collection<PushSubscriptionDoc>({ key: { personId: 1 } }),
  },
  on: {
    PushSubscriptionAdded: async ({ data }, db) => {
      // Sealed, and unreadable once its person erased their data: nothing to send to.
      if (data.subscription === null) return;
      await db.push_subscriptions.upsertOne({
        _id: data.endpointHash,
        personId: data.personId,
        endpoint: data.subscription.endpoint,
        p256dh: data.subscription.keys.p256dh,
        auth: data.subscription.keys.auth,
        subscribedAt: data.at,
      });
    },
    PushSubscriptionRemoved: async ({ data }, db) => {
      // Only its owner's removal counts: the browser may belong to someone else since.
      await db.push_subscriptions.deleteOne({ _id: data.endpointHash, personId: data.personId });
    },
    PersonErased: async ({ data }, db) => {
      await db.push_subscriptions.deleteMany({ personId: data.personId });
    },
  },
});
