import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await startTestApp({ now: new Date('2026-11-20T15:00:00Z') });
});
afterEach(async () => {
  await t.close();
});

const answerToday = async (deviceId: string, content: string) => {
  const q = await t.todaysQuestion();
  const res = await request(t.app)
    .post('/api/responses')
    .set('X-Device-ID', deviceId)
    .send({ content, questionId: q.id });
  expect(res.status).toBe(201);
  await t.settled();
};

const activityOf = async (readerDevice: string, author: string) => {
  const q = await t.todaysQuestion();
  const res = await request(t.app).get(`/api/responses/${q.id}`).set('X-Device-ID', readerDevice);
  expect(res.status).toBe(200);
  const found = (res.body as { username: string; activity: unknown }[]).find(
    (r) => r.username === author,
  );
  expect(found).toBeDefined();
  return found!.activity;
};

const showActivity = async (deviceId: string, on: boolean) => {
  const res = await request(t.app)
    .patch('/api/user/settings/me')
    .set('X-Device-ID', deviceId)
    .send({ showActivity: on });
  expect(res.status).toBe(200);
  await t.settled();
};

describe('Show Activity', () => {
  it('shows others an author’s current streak and top badge while it is on', async () => {
    const ann = await t.register();
    const bob = await t.register();
    await answerToday(ann.deviceId, 'Honesty matters more than comfort, even with friends.');
    await t.newDay(new Date('2026-11-21T15:00:00Z'));
    await answerToday(ann.deviceId, 'A promise is a debt we owe to someone who trusted us.');
    await answerToday(bob.deviceId, 'Sometimes kindness asks us to bend a rule a little.');
    expect(await activityOf(bob.deviceId, ann.pseudonym)).toEqual({
      streak: 2,
      topBadge: { name: 'First Voice', rarity: 'common' },
    });
  });

  it('shows nothing of an author’s activity to anyone once it is off', async () => {
    const ann = await t.register();
    const bob = await t.register();
    await answerToday(ann.deviceId, 'Honesty matters more than comfort, even with friends.');
    await answerToday(bob.deviceId, 'Sometimes kindness asks us to bend a rule a little.');
    await showActivity(ann.deviceId, false);
    expect(await activityOf(bob.deviceId, ann.pseudonym)).toBeNull();
    // Bob's own stays visible to Ann: the setting is each author's own.
    expect(await activityOf(ann.deviceId, bob.pseudonym)).toMatchObject({ streak: 1 });
    await showActivity(ann.deviceId, true);
    expect(await activityOf(bob.deviceId, ann.pseudonym)).toMatchObject({ streak: 1 });
  });
});
