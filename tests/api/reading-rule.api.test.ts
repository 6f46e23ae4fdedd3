import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectRefusedWithoutEvents } from '../support/refusals';
import { startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await startTestApp();
});
afterEach(async () => {
  await t.close();
});

const respond = async (deviceId: string, content: string) => {
  const q = await t.todaysQuestion();
  const res = await request(t.app)
    .post('/api/responses')
    .set('X-Device-ID', deviceId)
    .send({ content, questionId: q.id });
  expect(res.status).toBe(201);
  return { questionId: q.id, id: res.body.id as string, position: res.body.position as string };
};

/** Two contrasting answers make a shared pair; the outsider learns their ids somehow. */
const discussionWithAPair = async () => {
  const [ana, ben] = [await t.register(), await t.register()];
  const a = await respond(ana.deviceId, 'Keep the promise.');
  const b = await respond(
    ben.deviceId,
    `It depends on what is at stake. ${'Promises bind us because others rely on them. '.repeat(8)}`,
  );
  const pairs = await request(t.app)
    .get(`/api/shared-responses/${a.questionId}`)
    .set('X-Device-ID', ana.deviceId)
    .set('X-Min-Position', b.position);
  expect(pairs.body).toHaveLength(1);
  return { ana, response: a, pairId: pairs.body[0].id as string };
};

describe('taking part follows the rule for reading: answer first', () => {
  it('a device that has not answered cannot echo a response whose id it knows (403)', async () => {
    const { response } = await discussionWithAPair();
    const outsider = await t.register();
    await expectRefusedWithoutEvents(
      t,
      () =>
        request(t.app)
          .post(`/api/responses/${response.id}/echo`)
          .set('X-Device-ID', outsider.deviceId),
      403,
    );
    await respond(outsider.deviceId, 'Now I have my own answer.');
    const echo = await request(t.app)
      .post(`/api/responses/${response.id}/echo`)
      .set('X-Device-ID', outsider.deviceId);
    expect(echo.status).toBe(200);
  });

  it('nor record a view of a shared pair (403)', async () => {
    const { pairId } = await discussionWithAPair();
    const outsider = await t.register();
    const view = () =>
      request(t.app)
        .post(`/api/shared-responses/pairs/${encodeURIComponent(pairId)}/views`)
        .set('X-Device-ID', outsider.deviceId);
    await expectRefusedWithoutEvents(t, view, 403);
    await respond(outsider.deviceId, 'Now I have my own answer.');
    expect((await view()).status).toBe(200);
  });
});
