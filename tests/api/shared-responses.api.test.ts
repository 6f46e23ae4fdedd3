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

describe('GET /api/shared-responses/{questionId}', () => {
  it('pairs contrasting answers, counts echoes as likes and views once per person, and frees a partner on delete', async () => {
    const [ana, ben, cyd] = [await t.register(), await t.register(), await t.register()];
    const q = await t.todaysQuestion();
    const post = (deviceId: string, content: string) =>
      request(t.app)
        .post('/api/responses')
        .set('X-Device-ID', deviceId)
        .send({ content, questionId: q.id });
    const a = await post(ana.deviceId, 'Keep the promise.');
    await post(cyd.deviceId, 'Keep it, always.');
    const b = await post(
      ben.deviceId,
      `It depends on what is at stake. ${'Promises bind us because others rely on them. '.repeat(8)}`,
    );
    const echo = await request(t.app)
      .post(`/api/responses/${a.body.id}/echo`)
      .set('X-Device-ID', ben.deviceId);

    const list = await request(t.app)
      .get(`/api/shared-responses/${q.id}`)
      .set('X-Device-ID', ana.deviceId)
      .set('X-Min-Position', echo.body.position);
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(1);
    const [pair] = list.body;
    expect(pair.responseOne.user.displayName).toBe(ana.pseudonym);
    expect(pair.responseTwo.user.displayName).toBe(ben.pseudonym);
    expect(pair).toMatchObject({ likeCount: 1, viewCount: 0, question: { content: q.content } });
    expect(pair.comparisonInsight).toBe(
      'A concise take beside an in-depth one: brevity and depth side by side.',
    );
    expect(JSON.stringify(list.body)).not.toMatch(/authorId|userId|deviceId/);

    const seen = await request(t.app)
      .post(`/api/shared-responses/pairs/${encodeURIComponent(pair.id)}/views`)
      .set('X-Device-ID', cyd.deviceId);
    await request(t.app)
      .post(`/api/shared-responses/pairs/${encodeURIComponent(pair.id)}/views`)
      .set('X-Device-ID', cyd.deviceId);
    const afterViews = await request(t.app)
      .get(`/api/shared-responses/${q.id}`)
      .set('X-Device-ID', ana.deviceId)
      .set('X-Min-Position', seen.body.position);
    expect(afterViews.body[0].viewCount).toBe(1);

    const removed = await request(t.app)
      .delete(`/api/responses/${b.body.id}`)
      .set('X-Device-ID', ben.deviceId);
    const afterDelete = await request(t.app)
      .get(`/api/shared-responses/${q.id}`)
      .set('X-Device-ID', ana.deviceId)
      .set('X-Min-Position', removed.body.position);
    expect(afterDelete.body).toEqual([]);
  });

  it('is closed (403) to someone who has not answered, and 404 for a missing pair', async () => {
    const [ana, ben] = [await t.register(), await t.register()];
    const q = await t.todaysQuestion();
    await request(t.app)
      .post('/api/responses')
      .set('X-Device-ID', ana.deviceId)
      .send({ content: 'one two three', questionId: q.id });
    expect(
      (await request(t.app).get(`/api/shared-responses/${q.id}`).set('X-Device-ID', ben.deviceId))
        .status,
    ).toBe(403);
    expect(
      (
        await request(t.app)
          .post('/api/shared-responses/pairs/nope/views')
          .set('X-Device-ID', ana.deviceId)
      ).status,
    ).toBe(404);
    expect(
      (await request(t.app).get('/api/shared-responses/abc').set('X-Device-ID', ana.deviceId))
        .status,
    ).toBe(400);
  });

  it('answers a page at a time, oldest first, with the way on in Link and the total', async () => {
    const people = [await t.register(), await t.register(), await t.register(), await t.register()];
    const q = await t.todaysQuestion();
    const long = `It depends on what is at stake. ${'Promises bind us because others rely on them. '.repeat(8)}`;
    let position = '0';
    for (const [i, person] of people.entries()) {
      const posted = await request(t.app)
        .post('/api/responses')
        .set('X-Device-ID', person.deviceId)
        .send({ content: i % 2 === 0 ? `Keep promise number ${i}.` : long, questionId: q.id });
      position = posted.body.position;
    }
    const get = (path: string) =>
      request(t.app)
        .get(path)
        .set('X-Device-ID', people[0]!.deviceId)
        .set('X-Min-Position', position);

    const first = await get(`/api/shared-responses/${q.id}?limit=1`);
    expect(first.status).toBe(200);
    expect(first.headers['x-total-count']).toBe('2');
    expect(first.body).toHaveLength(1);
    expect(first.body[0].responseOne.content).toBe('Keep promise number 0.');
    const next = /<([^>]+)>; rel="next"/.exec(first.headers.link ?? '')?.[1];
    expect(next).toBeDefined();

    const second = await get(next!);
    expect(second.body).toHaveLength(1);
    expect(second.body[0].responseOne.content).toBe('Keep promise number 2.');
    expect(second.headers.link).toBeUndefined();

    const whole = await get(`/api/shared-responses/${q.id}`);
    expect(whole.body.map((pair: { id: string }) => pair.id)).toEqual([
      first.body[0].id,
      second.body[0].id,
    ]);

    const forged = await get(`/api/shared-responses/${q.id}?cursor=not-ours`);
    expect(forged.status).toBe(400);
    expect(JSON.stringify(forged.body)).toContain('cursor');
    const tooMany = await get(`/api/shared-responses/${q.id}?limit=1000`);
    expect(tooMany.status).toBe(400);
    expect(JSON.stringify(tooMany.body)).toContain('limit');
  });
});
