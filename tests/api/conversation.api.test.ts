import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, words, type TestApp } from '../support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await startTestApp();
});
afterEach(async () => {
  await t.close();
});

type Person = { deviceId: string; pseudonym: string };

const answer = async (person: Person, content = 'my considered answer') => {
  const q = await t.todaysQuestion();
  const res = await request(t.app)
    .post('/api/responses')
    .set('X-Device-ID', person.deviceId)
    .send({ content, questionId: q.id });
  expect(res.status).toBe(201);
  return {
    questionId: q.id,
    responseId: res.body.id as string,
    position: res.body.position as string,
  };
};

const list = async (person: Person, questionId: number, position: string) =>
  (
    await request(t.app)
      .get(`/api/responses/${questionId}`)
      .set('X-Device-ID', person.deviceId)
      .set('X-Min-Position', position)
  ).body;

describe('echoes', () => {
  it('toggles an echo, counts it on the response and reports the status', async () => {
    const [alice, bob] = [await t.register(), await t.register()];
    const a = await answer(alice);
    await answer(bob);
    const echo = await request(t.app)
      .post(`/api/responses/${a.responseId}/echo`)
      .set('X-Device-ID', bob.deviceId);
    expect(echo.status).toBe(200);
    expect(echo.body).toMatchObject({ hasEchoed: true, echoesUsed: 1, dailyLimit: 10 });
    const seen = await list(bob, a.questionId, echo.body.position);
    expect(seen.find((r: { id: string }) => r.id === a.responseId).echoCount).toBe(1);
    const status = await request(t.app)
      .get(`/api/responses/${a.responseId}/echo-status`)
      .set('X-Device-ID', bob.deviceId)
      .set('X-Min-Position', echo.body.position);
    expect(status.body).toEqual({ hasEchoed: true });

    const undo = await request(t.app)
      .post(`/api/responses/${a.responseId}/echo`)
      .set('X-Device-ID', bob.deviceId);
    expect(undo.body).toMatchObject({ hasEchoed: false, echoesUsed: 1 });
    const after = await list(bob, a.questionId, undo.body.position);
    expect(after.find((r: { id: string }) => r.id === a.responseId).echoCount).toBe(0);
  });

  it('refuses an echo of one’s own response (403) and of a missing one (404)', async () => {
    const alice = await t.register();
    const a = await answer(alice);
    expect(
      (
        await request(t.app)
          .post(`/api/responses/${a.responseId}/echo`)
          .set('X-Device-ID', alice.deviceId)
      ).status,
    ).toBe(403);
    expect(
      (await request(t.app).post('/api/responses/nope/echo').set('X-Device-ID', alice.deviceId))
        .status,
    ).toBe(404);
  });

  it('gives exactly 10 of 30 parallel echoes by one actor on 30 responses; the rest get 429 “echo limit”', async () => {
    const authors = await Promise.all(Array.from({ length: 30 }, () => t.register()));
    const answers = [];
    for (const author of authors) answers.push(await answer(author));
    const bob = await t.register();
    await answer(bob);
    await t.caughtUp(BigInt(answers.at(-1)!.position), 5000);
    await t.settled();
    const before = (await t.allEvents()).length;
    const results = await Promise.all(
      answers.map((a) =>
        request(t.app).post(`/api/responses/${a.responseId}/echo`).set('X-Device-ID', bob.deviceId),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(10);
    const refused = results.filter((r) => r.status === 429);
    expect(refused).toHaveLength(20);
    expect(refused[0]!.body.detail).toMatch(/echo limit/);
    const echoes = (await t.allEvents()).slice(before).filter((e) => e.type === 'EchoGiven');
    expect(echoes).toHaveLength(10);
  });
});

describe('replies', () => {
  it('posts a reply with the author mention, counts it, and lists it with isOwn', async () => {
    const [alice, bob] = [await t.register(), await t.register()];
    const a = await answer(alice);
    await answer(bob);
    const posted = await request(t.app)
      .post('/api/replies')
      .set('X-Device-ID', bob.deviceId)
      .send({ content: 'I see it differently.', responseId: a.responseId });
    expect(posted.status).toBe(201);
    expect(posted.body.reply).toMatchObject({
      content: `@${alice.pseudonym} I see it differently.`,
      user: bob.pseudonym,
      isOwn: true,
    });
    const asAlice = await request(t.app)
      .get(`/api/replies/${a.responseId}`)
      .set('X-Device-ID', alice.deviceId)
      .set('X-Min-Position', posted.body.position);
    expect(asAlice.body).toHaveLength(1);
    expect(asAlice.body[0].isOwn).toBe(false);
    expect(JSON.stringify(asAlice.body)).not.toMatch(/authorId|userId/);
    const seen = await list(alice, a.questionId, posted.body.position);
    expect(seen[0].replyCount).toBe(1);
  });

  it('does not mention the author again in a reply that already addresses them', async () => {
    const [alice, bob] = [await t.register(), await t.register()];
    const a = await answer(alice);
    await answer(bob);
    const typed = [
      `@${alice.pseudonym.toLowerCase()} I see it differently.`,
      `@${alice.pseudonym.replace(/ /g, '')} same here.`,
      `${alice.pseudonym}, one more thought.`,
    ];
    let position = '';
    for (const content of typed) {
      const posted = await request(t.app)
        .post('/api/replies')
        .set('X-Device-ID', bob.deviceId)
        .send({ content, responseId: a.responseId });
      expect(posted.status).toBe(201);
      expect(posted.body.reply.content).toBe(content);
      position = posted.body.position;
    }
    const thread = await request(t.app)
      .get(`/api/replies/${a.responseId}`)
      .set('X-Device-ID', alice.deviceId)
      .set('X-Min-Position', position);
    expect(thread.body.map((r: { content: string }) => r.content)).toEqual(typed);
    const stored = (await t.allEvents()).filter((e) => e.type === 'ReplyPosted');
    expect(stored.map((e) => (e.data as { content: string }).content)).toEqual(typed);
  });

  it('lists a thread oldest first, a page at a time, with the way on in Link and the total', async () => {
    const [alice, bob] = [await t.register(), await t.register()];
    const a = await answer(alice);
    await answer(bob);
    let position = '0';
    for (const n of [1, 2, 3]) {
      const posted = await request(t.app)
        .post('/api/replies')
        .set('X-Device-ID', bob.deviceId)
        .send({ content: `Reply number ${n}.`, responseId: a.responseId });
      position = posted.body.position;
    }
    const get = (path: string) =>
      request(t.app).get(path).set('X-Device-ID', alice.deviceId).set('X-Min-Position', position);
    const first = await get(`/api/replies/${a.responseId}?limit=2`);
    expect(first.headers['x-total-count']).toBe('3');
    expect(first.body.map((r: { content: string }) => r.content)).toEqual([
      `@${alice.pseudonym} Reply number 1.`,
      `@${alice.pseudonym} Reply number 2.`,
    ]);
    const next = /<([^>]+)>; rel="next"/.exec(first.headers.link ?? '')?.[1];
    const second = await get(next!);
    expect(second.body.map((r: { content: string }) => r.content)).toEqual([
      `@${alice.pseudonym} Reply number 3.`,
    ]);
    expect(second.headers.link).toBeUndefined();
    const forged = await get(`/api/replies/${a.responseId}?cursor=forged`);
    expect(forged.status).toBe(400);
    expect(JSON.stringify(forged.body)).toContain('cursor');
  });

  it('lets only the author delete a reply', async () => {
    const [alice, bob] = [await t.register(), await t.register()];
    const a = await answer(alice);
    await answer(bob);
    const posted = await request(t.app)
      .post('/api/replies')
      .set('X-Device-ID', bob.deviceId)
      .send({ content: 'a thought', responseId: a.responseId });
    await t.settled();
    const before = (await t.allEvents()).length;
    const byAlice = await request(t.app)
      .delete(`/api/replies/${posted.body.reply.id}`)
      .set('X-Device-ID', alice.deviceId);
    expect(byAlice.status).toBe(403);
    expect((await t.allEvents()).length).toBe(before);
    const byBob = await request(t.app)
      .delete(`/api/replies/${posted.body.reply.id}`)
      .set('X-Device-ID', bob.deviceId);
    expect(byBob.status).toBe(200);
    const replies = await request(t.app)
      .get(`/api/replies/${a.responseId}`)
      .set('X-Device-ID', alice.deviceId)
      .set('X-Min-Position', byBob.body.position);
    expect(replies.body).toEqual([]);
    expect(
      (await request(t.app).delete('/api/replies/unknown').set('X-Device-ID', bob.deviceId)).status,
    ).toBe(404);
  });

  it.each([
    ['empty content', { content: ' ', responseId: 'R' }, 400, 'content'],
    ['301 words', { content: words(301), responseId: 'R' }, 400, 'content'],
    ['a missing responseId', { content: 'hello' }, 400, 'responseId'],
    ['an extra field', { content: 'hello', responseId: 'R', pseudonym: 'x' }, 400, 'pseudonym'],
    ['an unknown response', { content: 'hello', responseId: 'missing' }, 404, undefined],
  ])('refuses %s and writes nothing', async (_name, body, status, field) => {
    const [alice, bob] = [await t.register(), await t.register()];
    const a = await answer(alice);
    await answer(bob);
    await t.settled();
    const before = (await t.allEvents()).length;
    const payload = {
      ...body,
      ...('responseId' in body && body.responseId === 'R' ? { responseId: a.responseId } : {}),
    };
    const res = await request(t.app)
      .post('/api/replies')
      .set('X-Device-ID', bob.deviceId)
      .send(payload);
    expect(res.status).toBe(status);
    if (field) expect(res.body.field).toBe(field);
    expect((await t.allEvents()).length).toBe(before);
  });

  it('is closed to someone who has not answered the question', async () => {
    const [alice, carol] = [await t.register(), await t.register()];
    const a = await answer(alice);
    const res = await request(t.app)
      .post('/api/replies')
      .set('X-Device-ID', carol.deviceId)
      .send({ content: 'hello', responseId: a.responseId });
    expect(res.status).toBe(403);
    expect(
      (await request(t.app).get(`/api/replies/${a.responseId}`).set('X-Device-ID', carol.deviceId))
        .status,
    ).toBe(403);
  });
});

describe('deleting a response', () => {
  it('is for the author only, and lets the author answer again the same day', async () => {
    const [alice, bob] = [await t.register(), await t.register()];
    const a = await answer(alice);
    await answer(bob);
    expect(
      (
        await request(t.app)
          .delete(`/api/responses/${a.responseId}`)
          .set('X-Device-ID', bob.deviceId)
      ).status,
    ).toBe(403);
    const removed = await request(t.app)
      .delete(`/api/responses/${a.responseId}`)
      .set('X-Device-ID', alice.deviceId);
    expect(removed.status).toBe(200);
    const hasResponded = await request(t.app)
      .get('/api/user/has-responded')
      .set('X-Device-ID', alice.deviceId)
      .set('X-Min-Position', removed.body.position);
    expect(hasResponded.body.hasResponded).toBe(false);
    const again = await answer(alice, 'a second, better answer');
    const seen = await list(alice, again.questionId, again.position);
    expect(seen.map((r: { content: string }) => r.content)).toEqual([
      'a second, better answer',
      'my considered answer',
    ]);
    expect(
      (
        await request(t.app)
          .delete(`/api/responses/${a.responseId}`)
          .set('X-Device-ID', alice.deviceId)
      ).status,
    ).toBe(404);
  });
});
