import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import webpush from 'web-push';
import { createKeyedLock } from '../../api/commands/keyed-lock';
import { createPushDelivery } from '../../api/push/delivery';
import { generateVapidKeys } from '../../api/push/vapid-keys';
import { startPushWorker } from '../../api/push/worker';
import { newId } from '../../infra/crypto';
import { openSqliteEventStore } from '../../infra/event-store/sqlite-event-store';
import { silentLogger } from '../../infra/logger';
import { openEmbeddedReadStore } from '../../infra/read-store/embedded-read-store';
import { openSqlite } from '../../infra/sqlite';
import { physicalName } from '../../projections/engine/define';
import { ensureProjectionIndexes } from '../../projections/engine/indexes';
import { StoreReadModels } from '../../projections/engine/read-models';
import { pushSubscriptionsProjection } from '../../projections/push-subscriptions';
import { reminderScheduleProjection } from '../../projections/reminder-schedule';
import { notificationsProjection } from '../../projections/notifications';
import { progressProjection } from '../../projections/progress';
import { repliesProjection } from '../../projections/replies';
import { startPushPeer, type PeerSubscription } from '../support/push-peer';
import type { Figure } from './report';

const SUBSCRIPTIONS = Number(process.env.BENCH_PUSH_SUBSCRIPTIONS ?? 10_000);
const IN_FLIGHT = 64;
const NINE = new Date('2026-11-23T09:00:00Z');

/** Peak resident memory while `work` runs, sampled every 50 ms, in MiB above where it began. */
const peakMemory = async <T>(work: () => Promise<T>) => {
  const start = process.memoryUsage();
  let rss = start.rss;
  let heap = start.heapUsed;
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    rss = Math.max(rss, now.rss);
    heap = Math.max(heap, now.heapUsed);
  }, 50);
  const started = performance.now();
  const result = await work();
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const mib = (bytes: number) => bytes / 2 ** 20;
  return { result, seconds, rss: mib(rss - start.rss), heap: mib(heap - start.heapUsed) };
};

/**
 * One reminder minute (09:00 UTC) for 10,000 people, each with one device at the loopback
 * push-service peer (which checks VAPID and decrypts every message, as in the journeys):
 * the push worker's turn, from scheduling the minute to the last push the peer accepted, and
 * the process's memory meanwhile. The read models are filled directly (what 20,000 events
 * would leave there), so the figure is the worker's alone. Baseline: the same number of
 * messages encrypted and signed by web-push and posted with fetch, 64 at a time, to the same
 * peer in the same process: the cost of Web Push itself.
 */
export const pushFanout = async (): Promise<Figure[]> => {
  const dataDir = mkdtempSync(join(tmpdir(), 'boon-bench-push-'));
  const peer = await startPushPeer();
  const keys = generateVapidKeys();
  const subject = 'mailto:bench@boon.test';
  const subscriptions: PeerSubscription[] = Array.from({ length: SUBSCRIPTIONS }, () =>
    peer.subscribe(keys.publicKey),
  );

  // Baseline: Web Push alone.
  const message = JSON.stringify({ title: 'Daily Question', body: 'Waiting.', tag: 't', url: '/' });
  const vapidDetails = { subject, ...keys };
  const bare = await peakMemory(async () => {
    let next = 0;
    const sender = async () => {
      while (next < subscriptions.length) {
        const { json } = subscriptions[next++]!;
        const details = webpush.generateRequestDetails(json, message, { vapidDetails, TTL: 60 });
        const res = await fetch(json.endpoint, {
          method: 'POST',
          headers: details.headers,
          body: details.body,
        });
        if (res.status !== 201) throw new Error(`peer answered ${res.status}`);
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, sender));
  });
  peer.received.length = 0;

  const readDb = openSqlite(join(dataDir, 'read-models.sqlite'), 'NORMAL');
  const store = openEmbeddedReadStore(readDb);
  for (const projection of [
    reminderScheduleProjection,
    pushSubscriptionsProjection,
    notificationsProjection,
    progressProjection,
    repliesProjection,
  ]) {
    await ensureProjectionIndexes(store, projection, 1);
  }
  await store.transaction(async (tx) => {
    const slots = tx.collection(physicalName('reminder_slots', 1));
    const devices = tx.collection(physicalName('push_subscriptions', 1));
    for (const [i, { id, json }] of subscriptions.entries()) {
      const personId = `bench-person-${i}`;
      await slots.insertOne({
        _id: `${personId}~dailyQuestion`,
        personId,
        reminderId: 'dailyQuestion',
        builtIn: true,
        title: null,
        timeZone: 'UTC',
        time: '09:00',
        frequency: 'daily',
        weekday: null,
      });
      await devices.insertOne({
        _id: id.replace(/-/g, '').padEnd(64, '0'),
        personId,
        endpoint: json.endpoint,
        p256dh: json.keys.p256dh,
        auth: json.keys.auth,
        subscribedAt: NINE.toISOString(),
      });
    }
    await tx
      .collection(physicalName('reminder_zones', 1))
      .insertOne({ _id: 'UTC', slots: SUBSCRIPTIONS });
  });
  const readModels = new StoreReadModels(store, [
    reminderScheduleProjection,
    pushSubscriptionsProjection,
    notificationsProjection,
    progressProjection,
    repliesProjection,
  ]);
  await readModels.start();
  const logDb = openSqlite(':memory:');
  const events = openSqliteEventStore(logDb);
  let now = new Date(NINE.getTime() - 30_000);
  const push = { keys, subject, policy: { loopbackHttp: true } };
  const worker = await startPushWorker({
    store,
    readModels,
    commands: {
      events,
      newId,
      streamLock: createKeyedLock(),
      clock: { now: () => now },
      dayRules: { timeZone: 'UTC', startHour: 0 },
      logger: silentLogger(),
    },
    push,
    clock: { now: () => now },
    dayRules: { timeZone: 'UTC', startHour: 0 },
    logger: silentLogger(),
    leaseTtlMs: 30_000,
    tickMs: 3_600_000,
    delivery: createPushDelivery(push),
  });

  now = new Date(NINE.getTime() + 1_000);
  const fanout = await peakMemory(async () => {
    await worker.tick();
    return peer.received.length;
  });
  await worker.stop();
  readModels.stop();
  await store.close();
  readDb.close();
  await events.close();
  logDb.close();
  await peer.close();
  rmSync(dataDir, { recursive: true, force: true });
  if (fanout.result !== SUBSCRIPTIONS) {
    throw new Error(`${fanout.result} of ${SUBSCRIPTIONS} reminders reached the peer`);
  }

  const ratio = bare.seconds / fanout.seconds;
  return [
    {
      name: `one reminder minute to ${SUBSCRIPTIONS} push subscriptions (scheduled, encrypted, signed, sent, each accepted by the peer)`,
      value: fanout.seconds,
      unit: 's',
      baseline: bare.seconds,
      baselineName: 'web-push + fetch alone',
      ratio,
      target: 'ratio ≥ 0.5 (the worker at most twice the cost of Web Push itself)',
      met: ratio >= 0.5,
      note: `${Math.round(SUBSCRIPTIONS / fanout.seconds)} pushes/s; peak RSS +${fanout.rss.toFixed(0)} MiB, heap +${fanout.heap.toFixed(0)} MiB (baseline +${bare.rss.toFixed(0)} MiB, +${bare.heap.toFixed(0)} MiB)`,
    },
  ];
};
