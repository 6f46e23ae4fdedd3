import request from 'supertest';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { defaultReminderSettings } from '../../domain/contracts/reminders';
import { startPushWorker, type PushWorker } from '../../api/push/worker';
import { startPushPeer, type PeerSubscription, type PushPeer } from '../support/push-peer';
import { startTestApp, type TestApp } from '../support/test-app';

const GATHER_MS = 2_000;
let t: TestApp;
let peer: PushPeer;
let worker: PushWorker;
let now: Date;

beforeAll(async () => {
  peer = await startPushPeer();
});
afterAll(() => peer.close());
beforeEach(async () => {
  now = new Date('2026-11-22T15:00:00Z');
  t = await startTestApp({ now });
  worker = await startPushWorker({
    store: t.readStore,
    readModels: t.readModels,
    commands: t.ctx,
    push: t.ctx.push,
    clock: { now: () => now },
    dayRules: t.ctx.dayRules,
    logger: t.ctx.logger,
    leaseTtlMs: 10_000,
    // Turns are taken by the test, one at a time.
    tickMs: 3_600_000,
    gatherMs: GATHER_MS,
  });
});
afterEach(async () => {
  await worker.stop();
  await t.close();
});

type Person = { deviceId: string; pseudonym: string };

const at = (iso: string) => {
  now = new Date(iso);
  t.setNow(now);
};
const later = (ms: number) => at(new Date(now.getTime() + ms).toISOString());
/** One turn of the worker once the read models have everything written so far. */
const turn = async () => {
  await t.settled();
  await worker.tick();
};
const pushesTo = (subscription: PeerSubscription) =>
  peer.received.filter((push) => push.subscriptionId === subscription.id);

const subscribe = async (person: Person) => {
  const subscription = peer.subscribe(t.ctx.push.keys.publicKey);
  const res = await request(t.app)
    .post('/api/push/subscriptions')
    .set('X-Device-ID', person.deviceId)
    .send(subscription.json);
  expect(res.status).toBe(201);
  return subscription;
};
const settings = (person: Person, body: object) =>
  request(t.app)
    .put('/api/user/notification-settings')
    .set('X-Device-ID', person.deviceId)
    .send(body)
    .expect(200);
const answer = async (person: Person) => {
  const q = await t.todaysQuestion();
  const res = await request(t.app)
    .post('/api/responses')
    .set('X-Device-ID', person.deviceId)
    .send({ content: 'Promises bind us because others plan around them.', questionId: q.id });
  expect(res.status).toBe(201);
  return res.body.id as string;
};
const reply = (person: Person, responseId: string, content = 'I see it differently.') =>
  request(t.app)
    .post('/api/replies')
    .set('X-Device-ID', person.deviceId)
    .send({ content, responseId })
    .expect(201);

/** Ann answered and subscribed a device; Bob answered; badges are kept out of the way. */
const conversation = async (lockScreen: 'full' | 'private' = 'private') => {
  const [ann, bob] = [await t.register(), await t.register()];
  await settings(ann, { muted: ['badge'], lockScreen });
  const device = await subscribe(ann);
  const responseId = await answer(ann);
  await answer(bob);
  return { ann, bob, device, responseId };
};

describe('inbox pushes', () => {
  it('a reply reaches the author’s subscribed device, saying only what the lock screen may show', async () => {
    const { bob, device, responseId } = await conversation('private');
    await reply(bob, responseId);
    await turn();
    expect(pushesTo(device)).toEqual([]); // gathering what else comes with it
    later(GATHER_MS);
    await turn();
    expect(pushesTo(device).map((p) => p.message)).toEqual([
      {
        title: 'Boon',
        body: 'New reply on Boon',
        tag: 'inbox',
        url: expect.stringMatching(/^\/responses\/\d+$/),
      },
    ]);
    expect(JSON.stringify(pushesTo(device))).not.toContain(bob.pseudonym);
  });

  it('tells the whole sentence and the reply’s first words when the person lets it', async () => {
    const { ann, bob, device, responseId } = await conversation('full');
    await reply(bob, responseId, 'Keeping a promise you regret still teaches trust.');
    await turn();
    later(GATHER_MS);
    await turn();
    expect(pushesTo(device).map((p) => p.message)).toEqual([
      expect.objectContaining({
        title: `${bob.pseudonym} replied to your answer`,
        body: `@${ann.pseudonym} Keeping a promise you regret still teaches trust.`,
      }),
    ]);
  });

  it('does not push a kind muted after it reached the inbox (a badge earned before)', async () => {
    const [ann, bob] = [await t.register(), await t.register()];
    const device = await subscribe(ann);
    const responseId = await answer(ann); // the first answer's badge: in the inbox, unread
    await answer(bob);
    await settings(ann, { muted: ['badge'], lockScreen: 'private' });
    await reply(bob, responseId);
    await turn();
    later(GATHER_MS);
    await turn();
    expect(pushesTo(device).map((p) => p.message)).toEqual([
      expect.objectContaining({ body: 'New reply on Boon' }),
    ]);
  });

  it('sends no more than three an hour: what comes meanwhile waits and is told of together', async () => {
    const { bob, device, responseId } = await conversation('full');
    for (let n = 1; n <= 5; n++) {
      await reply(bob, responseId, `Reply number ${n}.`);
      await turn();
      later(GATHER_MS);
      await turn();
    }
    expect(pushesTo(device)).toHaveLength(3);
    later(30 * 60_000);
    await turn();
    expect(pushesTo(device)).toHaveLength(3);
    later(31 * 60_000);
    await turn();
    const all = pushesTo(device).map((p) => p.message as { title: string });
    expect(all).toHaveLength(4);
    expect(all[3]!.title).toBe('2 new notifications on Boon');
  });

  it('sends nothing once the device is unsubscribed, nor for what was read meanwhile', async () => {
    const { ann, bob, device, responseId } = await conversation();
    await reply(bob, responseId);
    await request(t.app)
      .post('/api/user/notifications/read')
      .set('X-Device-ID', ann.deviceId)
      .send({})
      .expect(200);
    later(GATHER_MS);
    await turn();
    await turn();
    expect(pushesTo(device)).toEqual([]);
    await request(t.app)
      .delete('/api/push/subscriptions')
      .set('X-Device-ID', ann.deviceId)
      .send({ endpoint: device.json.endpoint })
      .expect(200);
    await reply(bob, responseId, 'Another thought.');
    await turn();
    later(GATHER_MS);
    await turn();
    expect(pushesTo(device)).toEqual([]);
  });

  it('drops a subscription the push service answers 410 for', async () => {
    const { ann, bob, device, responseId } = await conversation();
    peer.answer(device.id, 410);
    await reply(bob, responseId);
    await turn();
    later(GATHER_MS);
    await turn();
    await t.settled();
    const events = await t.allEvents();
    expect(events.at(-1)).toMatchObject({
      type: 'PushSubscriptionRemoved',
      data: { reason: 'expired' },
    });
    const devices = await request(t.app)
      .get('/api/user/notification-settings')
      .set('X-Device-ID', ann.deviceId);
    expect(devices.body.devices).toBe(0);
  });
});

describe('reminder pushes', () => {
  const saveReminders = (person: Person, changes: object) =>
    request(t.app)
      .put('/api/user/reminders')
      .set('X-Device-ID', person.deviceId)
      .send({ ...defaultReminderSettings('UTC'), ...changes })
      .expect(200);
  const daily = (time: string) => ({
    dailyQuestion: { enabled: true, time, frequency: 'daily', weekday: null },
  });

  it('rings at its minute in the person’s zone, once that day even when moved later, and again the next day', async () => {
    const ann = await t.register();
    const device = await subscribe(ann);
    await saveReminders(ann, daily('15:02'));
    await turn();
    at('2026-11-22T15:01:30Z');
    await turn();
    expect(pushesTo(device)).toEqual([]);
    at('2026-11-22T15:02:10Z');
    await turn();
    await turn();
    expect(pushesTo(device).map((p) => p.message)).toEqual([
      {
        title: 'Daily Question',
        body: 'Today’s question is waiting for you.',
        tag: 'reminder-dailyQuestion-2026-11-22',
        url: '/home',
      },
    ]);
    expect(pushesTo(device)[0]).toMatchObject({ ttl: 3600 });
    await saveReminders(ann, daily('15:05'));
    at('2026-11-22T15:05:10Z');
    await turn();
    expect(pushesTo(device)).toHaveLength(1);
    // No process ran through the next day's minute until almost an hour after it: missed.
    at('2026-11-23T16:00:10Z');
    await turn();
    expect(pushesTo(device)).toHaveLength(1);
    at('2026-11-24T15:04:50Z');
    await turn();
    at('2026-11-24T15:05:10Z');
    await turn();
    expect(pushesTo(device).map((p) => (p.message as { tag: string }).tag)).toEqual([
      'reminder-dailyQuestion-2026-11-22',
      'reminder-dailyQuestion-2026-11-24',
    ]);
  });

  it('rings a reminder missed while no process ran, if less than half an hour late', async () => {
    const ann = await t.register();
    const device = await subscribe(ann);
    await saveReminders(ann, daily('15:10'));
    await turn();
    at('2026-11-22T15:25:00Z');
    await turn();
    expect(pushesTo(device)).toHaveLength(1);
  });

  it('rings Streak Protection only while a streak is under way and today is unanswered', async () => {
    const [ann, bob] = [await t.register(), await t.register()];
    for (const person of [ann, bob])
      await settings(person, { muted: ['badge'], lockScreen: 'full' });
    const [annDevice, bobDevice] = [await subscribe(ann), await subscribe(bob)];
    await answer(ann);
    const streak = {
      streakProtection: { enabled: true, time: '16:00', frequency: 'daily', weekday: null },
    };
    await saveReminders(ann, streak);
    await saveReminders(bob, streak);
    await turn();
    at('2026-11-22T16:00:10Z');
    await turn();
    expect([pushesTo(annDevice), pushesTo(bobDevice)]).toEqual([[], []]); // Ann answered today
    await t.newDay(new Date('2026-11-23T15:59:00Z'));
    at('2026-11-23T15:59:00Z');
    await turn();
    at('2026-11-23T16:00:10Z');
    await turn();
    expect(pushesTo(annDevice).map((p) => (p.message as { title: string }).title)).toEqual([
      'Streak Protection',
    ]);
    expect(pushesTo(bobDevice)).toEqual([]); // no streak to protect
  });
});
