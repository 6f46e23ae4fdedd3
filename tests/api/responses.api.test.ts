import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newDeviceId, startTestApp, words, type TestApp } from '../support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await startTestApp();
});
afterEach(async () => {
  await t.close();
});

const respond = (deviceId: string, body: unknown) =>
  request(t.app)
    .post('/api/responses')
    .set('X-Device-ID', deviceId)
    .send(body as object);

describe('GET /api/question/today', () => {
  it('activates one question from the bank for the product day, once', async () => {
    const first = await request(t.app).get('/api/question/today');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      dateAdded: '2026-11-22',
      status: 'active',
      submissionId: null,
    });
    const again = await request(t.app).get('/api/question/today');
    expect(again.body).toEqual(first.body);
    // Reading never writes: the day keeper activated the question, not these requests.
    const before = (await t.allEvents()).length;
    await t.newDay(new Date('2026-11-23T08:00:00Z'));
    const activated = (await t.allEvents()).length;
    t.setNow(new Date('2026-11-24T08:00:00Z'));
    expect((await request(t.app).get('/api/question/today')).status).toBe(404);
    expect((await t.allEvents()).length).toBe(activated);
    expect(activated).toBe(before + 1);
    const activations = (await t.allEvents()).filter((e) => e.type === 'QuestionOfTheDayActivated');
    expect(activations).toHaveLength(2);
  });

  it('moves to a different, unused question when the next product day starts at 03:00', async () => {
    const day1 = (await request(t.app).get('/api/question/today')).body;
    await t.newDay(new Date('2026-11-23T08:00:00Z'));
    const day2 = (await request(t.app).get('/api/question/today')).body;
    expect(day2.dateAdded).toBe('2026-11-23');
    expect(day2.id).not.toBe(day1.id);
    const old = await request(t.app).get(`/api/question/${day1.id}`);
    expect(old.body.status).toBe('archived');
  });

  it('answers 404 for an unknown question and 400 for a malformed id', async () => {
    expect((await request(t.app).get('/api/question/999')).status).toBe(404);
    const bad = await request(t.app).get('/api/question/abc');
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('id');
  });
});

describe('POST /api/responses', () => {
  it('records the first response of the day and shows it to its author', async () => {
    const alice = await t.register();
    const q = await t.todaysQuestion();
    const res = await respond(alice.deviceId, {
      content: 'Honesty matters more than comfort.',
      questionId: q.id,
    });
    expect(res.status).toBe(201);
    expect(res.body.position).toMatch(/^\d+$/);
    expect(res.body.response).toMatchObject({
      content: 'Honesty matters more than comfort.',
      isOwn: true,
      username: alice.pseudonym,
      echoCount: 0,
    });

    const list = await request(t.app)
      .get(`/api/responses/${q.id}`)
      .set('X-Device-ID', alice.deviceId)
      .set('X-Min-Position', res.body.position);
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(1);
    expect(list.body[0]).toMatchObject({
      id: res.body.id,
      isOwn: true,
      questionContent: q.content,
    });
  });

  it('refuses a second response on the same product day with 409 and writes nothing', async () => {
    const alice = await t.register();
    const q = await t.todaysQuestion();
    expect(
      (await respond(alice.deviceId, { content: 'one two three', questionId: q.id })).status,
    ).toBe(201);
    await t.settled();
    const before = (await t.allEvents()).length;
    const second = await respond(alice.deviceId, { content: 'four five six', questionId: q.id });
    expect(second.status).toBe(409);
    expect(second.body.detail).toMatch(/already shared your thought today/);
    expect((await t.allEvents()).length).toBe(before);
  });

  describe('bad input gets a 4xx naming the field and changes nothing', () => {
    const cases: [string, (q: number) => unknown, number, string, RegExp][] = [
      ['no body', () => undefined, 400, 'body', /JSON body is required/],
      ['missing content', (q) => ({ questionId: q }), 400, 'content', /required/],
      [
        'missing questionId',
        () => ({ content: 'one two three' }),
        400,
        'questionId',
        /required|number/,
      ],
      [
        'an extra field',
        (q) => ({ content: 'one two three', questionId: q, userId: 'x' }),
        400,
        'userId',
        /Unknown field/,
      ],
      [
        'content of the wrong type',
        (q) => ({ content: 42, questionId: q }),
        400,
        'content',
        /string/,
      ],
      [
        'questionId of the wrong type',
        () => ({ content: 'one two three', questionId: 'abc' }),
        400,
        'questionId',
        /number/,
      ],
      [
        'empty content',
        (q) => ({ content: '   ', questionId: q }),
        400,
        'content',
        /Please write something before submitting/,
      ],
      [
        '2 words',
        (q) => ({ content: 'two words', questionId: q }),
        400,
        'content',
        /at least 3 words/,
      ],
      [
        '751 words',
        (q) => ({ content: words(751), questionId: q }),
        400,
        'content',
        /exceeds the 750 word limit/,
      ],
      [
        'an unknown question',
        () => ({ content: 'one two three', questionId: 999 }),
        404,
        '',
        /no question 999/,
      ],
    ];
    it.each(cases)('%s', async (_name, body, status, field, detail) => {
      const alice = await t.register();
      const q = await t.todaysQuestion();
      const before = (await t.allEvents()).length;
      const res = await respond(alice.deviceId, body(q.id));
      expect(res.status).toBe(status);
      expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
      if (field) expect(res.body.field).toBe(field);
      expect(res.body.detail).toMatch(detail);
      expect((await t.allEvents()).length).toBe(before);
    });

    it('a 1 MB body → 413', async () => {
      const alice = await t.register();
      const before = (await t.allEvents()).length;
      const res = await respond(alice.deviceId, {
        content: 'x'.repeat(1024 * 1024),
        questionId: 1,
      });
      expect(res.status).toBe(413);
      expect(res.body.field).toBe('body');
      expect((await t.allEvents()).length).toBe(before);
    });

    it('malformed JSON → 400', async () => {
      const alice = await t.register();
      const res = await request(t.app)
        .post('/api/responses')
        .set('X-Device-ID', alice.deviceId)
        .set('Content-Type', 'application/json')
        .send('{"content": ');
      expect(res.status).toBe(400);
      expect(res.body.title).toBe('Malformed JSON');
    });

    it('no X-Device-ID → 400; an unregistered device → 403', async () => {
      const q = await t.todaysQuestion();
      const anonymous = await request(t.app)
        .post('/api/responses')
        .send({ content: 'one two three', questionId: q.id });
      expect(anonymous.status).toBe(400);
      expect(anonymous.body.field).toBe('X-Device-ID');
      const stranger = await respond(newDeviceId(), { content: 'one two three', questionId: q.id });
      expect(stranger.status).toBe(403);
    });

    it('a question that is not today’s → 409', async () => {
      const alice = await t.register();
      const old = await t.todaysQuestion();
      await t.newDay(new Date('2026-11-23T09:00:00Z'));
      const res = await respond(alice.deviceId, { content: 'one two three', questionId: old.id });
      expect(res.status).toBe(409);
      expect(res.body.field).toBe('questionId');
    });
  });

  it('accepts exactly one of 50 parallel first responses from one device', async () => {
    const alice = await t.register();
    const q = await t.todaysQuestion();
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        respond(alice.deviceId, { content: `attempt number ${i} here`, questionId: q.id }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    expect((await t.allEvents()).filter((e) => e.type === 'ResponseSubmitted')).toHaveLength(1);
  });
});

describe('GET /api/responses/{questionId}', () => {
  it('answers 403 to someone who has not answered the question yet', async () => {
    const alice = await t.register();
    const bob = await t.register();
    const q = await t.todaysQuestion();
    await respond(alice.deviceId, { content: 'one two three', questionId: q.id });
    const res = await request(t.app).get(`/api/responses/${q.id}`).set('X-Device-ID', bob.deviceId);
    expect(res.status).toBe(403);
    expect(res.body.title).toBe('Share Your Voice First');
  });

  it('sorts own first, then newest, and never reveals ids of devices or users', async () => {
    const [alice, bob, carol] = [await t.register(), await t.register(), await t.register()];
    const q = await t.todaysQuestion();
    await respond(alice.deviceId, { content: 'alice says this', questionId: q.id });
    t.setNow(new Date('2026-11-22T15:05:00Z'));
    await respond(bob.deviceId, { content: 'bob says this', questionId: q.id });
    t.setNow(new Date('2026-11-22T15:10:00Z'));
    const last = await respond(carol.deviceId, { content: 'carol says this', questionId: q.id });
    const res = await request(t.app)
      .get(`/api/responses/${q.id}`)
      .set('X-Device-ID', bob.deviceId)
      .set('X-Min-Position', last.body.position);
    expect(res.body.map((r: { content: string }) => r.content)).toEqual([
      'bob says this',
      'carol says this',
      'alice says this',
    ]);
    expect(res.body.map((r: { isOwn: boolean }) => r.isOwn)).toEqual([true, false, false]);
    const text = JSON.stringify(res.body);
    for (const secret of [alice.deviceId, bob.deviceId, carol.deviceId])
      expect(text).not.toContain(secret);
    expect(text).not.toMatch(/authorId|userId|deviceHash/);
  });

  it('answers 404 for an unknown question and 400 for a malformed id', async () => {
    const alice = await t.register();
    expect(
      (await request(t.app).get('/api/responses/999').set('X-Device-ID', alice.deviceId)).status,
    ).toBe(404);
    expect(
      (await request(t.app).get('/api/responses/x').set('X-Device-ID', alice.deviceId)).status,
    ).toBe(400);
  });

  it('rejects a malformed X-Min-Position', async () => {
    const res = await request(t.app).get('/api/question/today').set('X-Min-Position', 'soon');
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('X-Min-Position');
  });
});

describe('GET /api/user/has-responded', () => {
  it('says whether the caller answered today’s question', async () => {
    const alice = await t.register();
    const q = await t.todaysQuestion();
    const before = await request(t.app)
      .get('/api/user/has-responded')
      .set('X-Device-ID', alice.deviceId);
    expect(before.body).toEqual({
      hasResponded: false,
      questionId: q.id,
      deviceId: alice.deviceId,
    });
    const posted = await respond(alice.deviceId, { content: 'one two three', questionId: q.id });
    const after = await request(t.app)
      .get('/api/user/has-responded')
      .set('X-Device-ID', alice.deviceId)
      .set('X-Min-Position', posted.body.position);
    expect(after.body.hasResponded).toBe(true);
  });
});

describe('GET /api/resources', () => {
  it('lists the resources shipped with a question, and validates the id', async () => {
    const ok = await request(t.app).get('/api/resources?questionId=1');
    expect(ok.body[0]).toMatchObject({ id: 'q1-r1', title: 'Promises' });
    const bad = await request(t.app).get('/api/resources?questionId=zero');
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('questionId');
  });
});
