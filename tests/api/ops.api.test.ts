import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await startTestApp();
});
afterEach(async () => {
  await t.close();
});

describe('operations for developers', () => {
  it('rebuilds a projection while the app serves, and the answers stay the same', async () => {
    const alice = await t.register();
    const q = await t.todaysQuestion();
    const posted = await request(t.app)
      .post('/api/responses')
      .set('X-Device-ID', alice.deviceId)
      .send({ content: 'one two three', questionId: q.id });
    const before = await request(t.app)
      .get(`/api/responses/${q.id}`)
      .set('X-Device-ID', alice.deviceId)
      .set('X-Min-Position', posted.body.position);

    const rebuilt = await request(t.app).post('/ops/projections/responses-by-question/rebuild');
    expect(rebuilt.status).toBe(200);
    expect(rebuilt.body).toMatchObject({ name: 'responses-by-question', generation: 2 });

    const after = await request(t.app)
      .get(`/api/responses/${q.id}`)
      .set('X-Device-ID', alice.deviceId);
    expect(after.body).toEqual(before.body);
    const status = await request(t.app).get('/ops/projections');
    expect(
      status.body.find((p: { name: string }) => p.name === 'responses-by-question').generation,
    ).toBe(2);
  });

  it('answers 404 for an unknown projection and 403 through a proxy', async () => {
    expect((await request(t.app).post('/ops/projections/nope/rebuild')).status).toBe(404);
    expect(
      (await request(t.app).get('/ops/projections').set('X-Forwarded-For', '203.0.113.9')).status,
    ).toBe(403);
  });
});
