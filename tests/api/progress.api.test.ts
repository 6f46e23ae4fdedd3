import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { badges } from '../../domain/badges/badges';
import { currentVersionOf } from '../../domain/event-catalog';
import { handleCommand } from '../../domain/shared/command-handler';
import { newDeviceId, startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await startTestApp({ now: new Date('2026-11-20T15:00:00Z') });
});
afterEach(async () => {
  await t.close();
});

const answerToday = async (deviceId: string) => {
  const q = await t.todaysQuestion();
  const res = await request(t.app)
    .post('/api/responses')
    .set('X-Device-ID', deviceId)
    .send({ content: 'Honesty matters more than comfort.', questionId: q.id });
  expect(res.status).toBe(201);
  await t.settled();
  return res.body.response.id as string;
};

const streakOf = async (deviceId: string) =>
  (await request(t.app).get('/api/user/streak').set('X-Device-ID', deviceId)).body;
const badgesOf = async (deviceId: string) =>
  (await request(t.app).get('/api/user/badges').set('X-Device-ID', deviceId)).body as {
    id: string;
    badge: { name: string; rarity: string };
  }[];

describe('GET /api/user/streak', () => {
  it('starts at zero, with today not answered', async () => {
    const ann = await t.register();
    expect(await streakOf(ann.deviceId)).toEqual({
      currentStreak: 0,
      longestStreak: 0,
      totalResponses: 0,
      totalMiniCompleted: 0,
      answeredToday: false,
    });
  });

  it('grows over consecutive product days, stays through the next day and breaks after a missed one', async () => {
    const ann = await t.register();
    await answerToday(ann.deviceId);
    await t.newDay(new Date('2026-11-21T15:00:00Z'));
    await answerToday(ann.deviceId);
    // 02:59 New York on Nov 22 is still the product day of Nov 21.
    await t.newDay(new Date('2026-11-22T07:59:00Z'));
    expect(await streakOf(ann.deviceId)).toMatchObject({ currentStreak: 2, answeredToday: true });
    await t.newDay(new Date('2026-11-22T15:00:00Z'));
    expect(await streakOf(ann.deviceId)).toMatchObject({
      currentStreak: 2,
      longestStreak: 2,
      totalResponses: 2,
      answeredToday: false,
    });
    await t.newDay(new Date('2026-11-23T15:00:00Z'));
    expect(await streakOf(ann.deviceId)).toMatchObject({ currentStreak: 0, longestStreak: 2 });
  });

  it('takes the day back when its only answer is deleted', async () => {
    const ann = await t.register();
    const id = await answerToday(ann.deviceId);
    const deleted = await request(t.app)
      .delete(`/api/responses/${id}`)
      .set('X-Device-ID', ann.deviceId);
    expect(deleted.status).toBeLessThan(300);
    await t.settled();
    expect(await streakOf(ann.deviceId)).toMatchObject({
      currentStreak: 0,
      totalResponses: 0,
      answeredToday: false,
    });
  });

  it('shows each person only their own streak', async () => {
    const ann = await t.register();
    const bob = await t.register();
    await answerToday(ann.deviceId);
    expect(await streakOf(bob.deviceId)).toMatchObject({ currentStreak: 0, totalResponses: 0 });
  });

  it('answers an unregistered device with nothing, and refuses a missing device id', async () => {
    expect(await streakOf(newDeviceId())).toMatchObject({ currentStreak: 0 });
    const res = await request(t.app).get('/api/user/streak');
    expect(res.status).toBe(400);
    expect(res.type).toBe('application/problem+json');
  });
});

describe('GET /api/user/badges', () => {
  it('awards First Voice with the first answer and Steady Start on the third day in a row', async () => {
    const ann = await t.register();
    expect(await badgesOf(ann.deviceId)).toEqual([]);
    await answerToday(ann.deviceId);
    expect((await badgesOf(ann.deviceId)).map((b) => b.id)).toEqual(['first-voice']);
    await t.newDay(new Date('2026-11-21T15:00:00Z'));
    await answerToday(ann.deviceId);
    await t.newDay(new Date('2026-11-22T15:00:00Z'));
    await answerToday(ann.deviceId);
    const badges = await badgesOf(ann.deviceId);
    expect(badges.map((b) => b.id).sort()).toEqual(['first-voice', 'steady-start']);
    expect(badges[0]!.badge).toMatchObject({ rarity: 'common' });
  });

  it('awards each badge exactly once, also after the progress read model is rebuilt', async () => {
    const ann = await t.register();
    await answerToday(ann.deviceId);
    await t.engine.rebuild('progress');
    await t.settled();
    const awards = (await t.allEvents()).filter((e) => e.type === 'BadgeEarned');
    expect(awards).toHaveLength(1);
    expect((await badgesOf(ann.deviceId)).map((b) => b.id)).toEqual(['first-voice']);
  });

  it('awards once when two projector processes ask at the same moment (no shared lock)', async () => {
    const award = {
      type: 'AwardBadge' as const,
      personId: 'someone',
      badgeId: 'first-voice',
      causationId: 'event-1',
      at: new Date('2026-11-20T15:00:00Z'),
    };
    // Each "process" appends straight to the log: only the stream's expected revision decides.
    const ask = () =>
      handleCommand(t.events, badges.streamOf(award), badges.decider, award, {
        newId: t.ctx.newId,
        versionOf: currentVersionOf,
        pause: () => Promise.resolve(),
      });
    await Promise.all([ask(), ask(), ask()]);
    const awards = (await t.allEvents()).filter((e) => e.type === 'BadgeEarned');
    expect(awards).toHaveLength(1);
  });

  it('never shows one person another’s badges', async () => {
    const ann = await t.register();
    const bob = await t.register();
    await answerToday(ann.deviceId);
    expect(await badgesOf(bob.deviceId)).toEqual([]);
  });
});

describe('GET /api/user/activity-summary/{deviceId}', () => {
  it('sums up the owner’s activity, by their device id or `me`', async () => {
    const ann = await t.register();
    const bob = await t.register();
    const answered = await answerToday(bob.deviceId);
    await answerToday(ann.deviceId);
    const echoed = await request(t.app)
      .post(`/api/responses/${answered}/echo`)
      .set('X-Device-ID', ann.deviceId);
    expect(echoed.status).toBe(200);
    await t.settled();
    const expected = {
      totalResponses: 1,
      totalMiniCompleted: 0,
      journalEntries: 0,
      badgesEarned: 1,
      dailyEchoStats: {
        echoesUsed: 1,
        dailyLimit: 10,
        echoesRemaining: 9,
        // From the configured day rules (New York, 3 AM), not a fixed text.
        resetsAt: expect.stringMatching(/^3 AM E[SD]T$/),
      },
    };
    for (const path of [ann.deviceId, 'me']) {
      const res = await request(t.app)
        .get(`/api/user/activity-summary/${path}`)
        .set('X-Device-ID', ann.deviceId);
      expect(res.status).toBe(200);
      expect(res.body).toEqual(expected);
    }
  });

  it('refuses another device’s summary with 403, and an unregistered device’s with 404', async () => {
    const ann = await t.register();
    const bob = await t.register();
    await answerToday(ann.deviceId);
    const res = await request(t.app)
      .get(`/api/user/activity-summary/${ann.deviceId}`)
      .set('X-Device-ID', bob.deviceId);
    expect(res.status).toBe(403);
    expect(res.body.totalResponses).toBeUndefined();
    const stranger = newDeviceId();
    expect(
      (await request(t.app).get('/api/user/activity-summary/me').set('X-Device-ID', stranger))
        .status,
    ).toBe(404);
  });
});
