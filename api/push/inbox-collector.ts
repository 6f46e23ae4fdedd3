import type { Lease, ReadStore } from '../../infra/read-store/read-store';
import type { ReadModels } from '../../projections/engine/read-models';
import { notificationsProjection } from '../../projections/notifications';
import { pushSubscriptionsProjection } from '../../projections/push-subscriptions';
import {
  fenced,
  inboxEntryId,
  OUTBOX,
  WORKER_STATE,
  type OutboxDoc,
  type WorkerStateDoc,
} from './outbox';

/** Notifications looked at in one go. */
const PAGE = 500;

/**
 * Follows the inbox read model with a checkpoint of its own (the last notification's place,
 * a log position, the same in every rebuild): each person with something new and a device
 * subscribed gets one pending inbox push, which gathers whatever else arrives before it goes.
 * First run starts at the newest notification: history is never pushed.
 */
export const collectInbox = async (work: {
  store: ReadStore;
  readModels: ReadModels;
  lease: Lease;
  now: Date;
  gatherMs: number;
}): Promise<number> => {
  const { store, readModels, lease } = work;
  const items = readModels.of(notificationsProjection).notification_items;
  const state = await store.collection<WorkerStateDoc>(WORKER_STATE).findOne({ _id: 'inbox' });
  if (state?.order === undefined) {
    const [newest] = await items.find({}, { sort: { order: -1 }, limit: 1 });
    await fenced(store, lease, (tx) =>
      tx
        .collection<WorkerStateDoc>(WORKER_STATE)
        .upsertOne({ _id: 'inbox', order: newest?.order ?? '' }),
    );
    return 0;
  }
  const fresh = await items.find(
    { order: { $gt: state.order } },
    { sort: { order: 1 }, limit: PAGE },
  );
  if (fresh.length === 0) return 0;
  const people = [...new Set(fresh.filter((doc) => !doc.read).map((doc) => doc.personId))];
  const reachable = new Set(
    (
      await readModels
        .of(pushSubscriptionsProjection)
        .push_subscriptions.find({ personId: { $in: people } })
    ).map((doc) => doc.personId),
  );
  return fenced(store, lease, async (tx) => {
    const outbox = tx.collection<OutboxDoc>(OUTBOX);
    let queued = 0;
    for (const personId of people) {
      if (!reachable.has(personId)) continue;
      const id = inboxEntryId(personId);
      // One already waiting takes this along when it goes.
      if (await outbox.findOne({ _id: id, state: 'pending' })) continue;
      await outbox.upsertOne({
        _id: id,
        personId,
        kind: 'inbox',
        reminderId: null,
        day: null,
        dueAt: work.now.getTime() + work.gatherMs,
        state: 'pending',
        attempts: 0,
        sentTo: [],
        keepUntil: 0,
      });
      queued++;
    }
    await tx
      .collection<WorkerStateDoc>(WORKER_STATE)
      .upsertOne({ _id: 'inbox', order: fresh[fresh.length - 1]!.order });
    return queued;
  });
};
