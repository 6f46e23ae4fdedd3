import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectRefusedWithoutEvents } from '../support/refusals';
import { newDeviceId, startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await startTestApp({ now: new Date('2026-11-20T15:00:00Z') });
});
afterEach(async () => {
  await t.close();
});

const answer = async (deviceId: string, content: string) => {
  const q = await t.todaysQuestion();
  const res = await request(t.app)
    .post('/api/responses')
    .set('X-Device-ID', deviceId)
    .send({ content, questionId: q.id, spectrumPosition: 40 });
  expect(res.status).toBe(201);
  return { questionId: q.id, id: res.body.id as string, position: res.body.position as string };
};

const get = (path: string, deviceId: string, position?: string) => {
  const req = request(t.app).get(path).set('X-Device-ID', deviceId);
  return position ? req.set('X-Min-Position', position) : req;
};

describe('GET /api/archive/questions', () => {
  it('refuses with 403 until today’s question is answered, then lists every question asked, newest first', async () => {
    const ann = await t.register();
    const first = await answer(ann.deviceId, 'An answer on the first day.');
    await t.newDay(new Date('2026-11-21T15:00:00Z'));
    const refused = await get('/api/archive/questions', ann.deviceId);
    expect(refused.status).toBe(403);
    expect(refused.body.title).toBe("Join Today's Conversation First");

    const second = await answer(ann.deviceId, 'An answer on the second day.');
    const open = await get('/api/archive/questions', ann.deviceId, second.position);
    expect(open.status).toBe(200);
    expect(open.body.map((q: { id: number; status: string }) => [q.id, q.status])).toEqual([
      [second.questionId, 'active'],
      [first.questionId, 'archived'],
    ]);
    expect(open.body[1]).toMatchObject({ dateAdded: '2026-11-20' });
  });

  it('searches question text, case-insensitive', async () => {
    const ann = await t.register();
    const mine = await answer(ann.deviceId, 'Today I answer.');
    const q = await t.todaysQuestion();
    const word = q.content.split(/\s+/)[1]!.toUpperCase();
    const found = await get(
      `/api/archive/questions?search=${encodeURIComponent(word)}`,
      ann.deviceId,
      mine.position,
    );
    expect(found.body.map((x: { id: number }) => x.id)).toEqual([q.id]);
    const none = await get('/api/archive/questions?search=zzzqqq', ann.deviceId);
    expect(none.body).toEqual([]);
  });

  it('refuses an unregistered device, and a search too long', async () => {
    expect((await get('/api/archive/questions', newDeviceId())).status).toBe(403);
    const ann = await t.register();
    await expectRefusedWithoutEvents(
      t,
      () => get(`/api/archive/questions?search=${'x'.repeat(201)}`, ann.deviceId),
      400,
      'search',
    );
  });
});

describe('a past discussion opened from the archive', () => {
  it('is readable once today’s question is answered, and today’s stays closed until then', async () => {
    const ann = await t.register();
    const bob = await t.register();
    const past = await answer(ann.deviceId, 'Ann on the first day.');
    await t.newDay(new Date('2026-11-21T15:00:00Z'));
    expect((await get(`/api/responses/${past.questionId}`, bob.deviceId)).status).toBe(403);
    const todays = await answer(ann.deviceId, 'Ann on the second day.');
    expect((await get(`/api/responses/${todays.questionId}`, bob.deviceId)).status).toBe(403);
    const bobs = await answer(bob.deviceId, 'Bob on the second day.');
    const read = await get(`/api/responses/${past.questionId}`, bob.deviceId, bobs.position);
    expect(read.status).toBe(200);
    expect(read.body.map((r: { content: string }) => r.content)).toEqual(['Ann on the first day.']);
  });
});

describe('a person’s own history', () => {
  it('answers response-status, hasResponded and archive/responses with the caller’s own answers only', async () => {
    const ann = await t.register();
    const bob = await t.register();
    const first = await answer(ann.deviceId, 'Ann on the first day.');
    await t.newDay(new Date('2026-11-21T15:00:00Z'));
    const second = await answer(ann.deviceId, 'Ann on the second day.');
    const bobs = await answer(bob.deviceId, 'Bob on the second day.');

    const status = await get('/api/user/response-status', ann.deviceId, bobs.position);
    expect(status.body).toEqual({
      [String(first.questionId)]: true,
      [String(second.questionId)]: true,
    });
    expect((await get('/api/user/response-status', bob.deviceId)).body).toEqual({
      [String(second.questionId)]: true,
    });

    expect((await get(`/api/hasResponded/${first.questionId}`, ann.deviceId)).body).toEqual({
      questionId: first.questionId,
      hasResponded: true,
    });
    expect((await get(`/api/hasResponded/${first.questionId}`, bob.deviceId)).body).toEqual({
      questionId: first.questionId,
      hasResponded: false,
    });
    expect((await get('/api/hasResponded/abc', ann.deviceId)).status).toBe(400);

    const mine = await get('/api/archive/responses', ann.deviceId);
    expect(mine.body.map((r: { content: string }) => r.content)).toEqual([
      'Ann on the second day.',
      'Ann on the first day.',
    ]);
    expect(mine.body[0]).toMatchObject({ spectrumPosition: 40, questionId: second.questionId });
    expect(JSON.stringify(mine.body)).not.toContain('Bob');
    expect(JSON.stringify(mine.body)).not.toContain('authorId');
    const searched = await get('/api/archive/responses?search=FIRST', ann.deviceId);
    expect(searched.body).toHaveLength(1);
  });

  it('dates each answer by its product day, the clock every other screen uses', async () => {
    // 05:00 UTC on the 21st is midnight in New York: still the 20th's product day (from 03:00).
    t.setNow(new Date('2026-11-21T05:00:00Z'));
    const ann = await t.register();
    const late = await answer(ann.deviceId, 'A late answer, after midnight UTC.');
    const mine = await get('/api/archive/responses', ann.deviceId, late.position);
    expect(mine.body[0]).toMatchObject({ day: '2026-11-20' });
    expect(mine.body[0].dateAdded).toMatch(/^2026-11-21T05:00/);
  });

  it('leaves a deleted answer out of the history', async () => {
    const ann = await t.register();
    const mine = await answer(ann.deviceId, 'This answer will soon be gone.');
    const deleted = await request(t.app)
      .delete(`/api/responses/${mine.id}`)
      .set('X-Device-ID', ann.deviceId);
    expect(deleted.status).toBe(200);
    expect((await get('/api/archive/responses', ann.deviceId, deleted.body.position)).body).toEqual(
      [],
    );
  });

  it('shows the journey: every question asked with the caller’s own answer, filterable by category', async () => {
    const ann = await t.register();
    const first = await answer(ann.deviceId, 'Ann on the first day.');
    await t.newDay(new Date('2026-11-21T15:00:00Z'));
    const q2 = await t.todaysQuestion();
    const journey = await get('/api/journey/questions', ann.deviceId, first.position);
    expect(
      journey.body.map((q: { id: number; hasResponded: boolean }) => [q.id, q.hasResponded]),
    ).toEqual([
      [q2.id, false],
      [first.questionId, true],
    ]);
    expect(journey.body[1].response).toMatchObject({ content: 'Ann on the first day.' });
    const category = journey.body[1].category as string;
    const filtered = await get(
      `/api/journey/questions?category=${encodeURIComponent(category)}`,
      ann.deviceId,
    );
    expect(filtered.body.every((q: { category: string }) => q.category === category)).toBe(true);
    expect(
      (await get('/api/journey/questions?category=Nothing%20Like%20This', ann.deviceId)).body,
    ).toEqual([]);
  });
});

describe('the calls behind /question/{id}, /questions/archive and /my-journey', () => {
  it('shows any asked question by id with its day and category, and 404 for one never asked', async () => {
    const ann = await t.register();
    const first = await answer(ann.deviceId, 'Ann on the first day.');
    await t.newDay(new Date('2026-11-21T15:00:00Z'));
    const past = await get(`/api/question/${first.questionId}`, ann.deviceId);
    expect(past.status).toBe(200);
    expect(past.body).toMatchObject({
      id: first.questionId,
      dateAdded: '2026-11-20',
      status: 'archived',
      category: expect.any(String),
    });
    await expectRefusedWithoutEvents(t, () => get('/api/question/987654', ann.deviceId), 404);
  });

  it('refuses malformed ids and filters with a 400 naming the field, appending nothing', async () => {
    const ann = await t.register();
    for (const [path, field] of [
      ['/api/question/abc', 'id'],
      ['/api/question/0', 'id'],
      ['/api/question/1.5', 'id'],
      ['/api/hasResponded/-3', 'questionId'],
      ['/api/hasResponded/abc', 'questionId'],
      [`/api/journey/questions?category=${'x'.repeat(101)}`, 'category'],
      [`/api/journey/questions?search=${'x'.repeat(201)}`, 'search'],
      [`/api/archive/responses?search=${'x'.repeat(201)}`, 'search'],
    ] as const) {
      await expectRefusedWithoutEvents(t, () => get(path, ann.deviceId), 400, field);
    }
  });

  it('answers a device that never chose a pseudonym with nothing of anyone’s', async () => {
    const ann = await t.register();
    const mine = await answer(ann.deviceId, 'Ann answers today.');
    const stranger = newDeviceId();
    await t.settled();
    expect((await get('/api/user/response-status', stranger)).body).toEqual({});
    expect((await get('/api/archive/responses', stranger)).body).toEqual([]);
    expect((await get(`/api/hasResponded/${mine.questionId}`, stranger)).body).toEqual({
      questionId: mine.questionId,
      hasResponded: false,
    });
    const journey = await get('/api/journey/questions', stranger);
    expect(journey.body).toEqual([
      expect.objectContaining({ id: mine.questionId, hasResponded: false, response: null }),
    ]);
    expect((await request(t.app).get('/api/user/response-status')).status).toBe(400);
  });
});
