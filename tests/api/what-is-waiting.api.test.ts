import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectRefusedWithoutEvents } from '../support/refusals';
import { newDeviceId, startTestApp, testAdmin, type TestApp } from '../support/test-app';
import { answerToday } from '../support/answers';

let t: TestApp;
beforeEach(async () => {
  t = await startTestApp({ now: new Date('2026-11-20T15:00:00Z') });
});
afterEach(async () => {
  await t.close();
});

type Person = { deviceId: string };

const answer = (person: Person, content?: string) => answerToday(t, person.deviceId, content);

const adminAuth = async () => {
  const login = await request(t.app).post('/api/admin/login').send(testAdmin);
  return `Bearer ${login.body.token as string}`;
};

/** A question an admin planned for a later day (not asked yet). */
const schedule = async (scheduledFor: string) => {
  const res = await request(t.app)
    .post('/api/questions/schedule')
    .set('Authorization', await adminAuth())
    .send({
      content: 'Should a city ever close a road to protect a quiet neighbourhood?',
      category: 'Political & Governance',
      scheduledFor,
    });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res;
};

const countOf = (questionId: number | string, deviceId?: string) => {
  const req = request(t.app).get(`/api/question/${questionId}/answer-count`);
  return deviceId ? req.set('X-Device-ID', deviceId) : req;
};

const titles = (query = '', deviceId = newDeviceId()) =>
  request(t.app).get(`/api/archive/titles${query}`).set('X-Device-ID', deviceId);

describe('GET /api/question/{id}/answer-count', () => {
  it('counts the answers others see, for someone who has not answered, and nothing else', async () => {
    const q = await t.todaysQuestion();
    const visitor = await t.register();
    expect((await countOf(q.id, visitor.deviceId)).body).toEqual({ questionId: q.id, count: 0 });

    const ann = await t.register();
    const bob = await t.register();
    const cid = await t.register();
    const annAnswer = await answer(ann);
    const bobAnswer = await answer(bob, 'Comfort is a kind of honesty too, sometimes.');
    await answer(cid, 'It depends on who is asking and why they ask.');
    const counted = await countOf(q.id, visitor.deviceId);
    expect(counted.status).toBe(200);
    expect(counted.body).toEqual({ questionId: q.id, count: 3 });

    // Deleted by its author: gone from the count.
    const deleted = await request(t.app)
      .delete(`/api/responses/${annAnswer.responseId}`)
      .set('X-Device-ID', ann.deviceId);
    expect(deleted.status).toBe(200);
    await t.settled();
    expect((await countOf(q.id)).body.count).toBe(2);

    // Hidden by a moderator: others no longer see it, so it no longer waits for anyone.
    const reported = await request(t.app)
      .post('/api/reports')
      .set('X-Device-ID', cid.deviceId)
      .send({ target: { kind: 'response', id: bobAnswer.responseId }, reason: 'harassment' });
    expect(reported.status, JSON.stringify(reported.body)).toBeLessThan(300);
    const hidden = await request(t.app)
      .post(`/api/admin/reports/response-${bobAnswer.responseId}/resolve`)
      .set('Authorization', await adminAuth())
      .send({ action: 'hide', note: 'Aimed at a member' });
    expect(hidden.status, JSON.stringify(hidden.body)).toBe(200);
    await t.settled();
    expect((await countOf(q.id, visitor.deviceId)).body).toEqual({ questionId: q.id, count: 1 });

    // Still gated: the count opens nothing.
    const gated = await request(t.app)
      .get(`/api/responses/${q.id}`)
      .set('X-Device-ID', visitor.deviceId);
    expect(gated.status).toBe(403);
    expect(gated.body.title).toBe('Share Your Voice First');
  });

  it('refuses a malformed id naming it, and answers 404 for an unknown or a planned question', async () => {
    for (const bad of ['abc', '0', '-3', '1.5']) {
      await expectRefusedWithoutEvents(t, () => countOf(bad), 400, 'id');
    }
    const unknown = await countOf(987_654);
    expect(unknown.status).toBe(404);

    const scheduled = await schedule('2026-11-22');
    const planned = await countOf(scheduled.body.id as number);
    expect(planned.status).toBe(404);
    // Told apart from no question at all by nothing but the number it was asked about.
    expect(planned.body.title).toBe(unknown.body.title);
    expect(planned.body).not.toHaveProperty('count');
  });
});

describe('GET /api/archive/titles', () => {
  it('lists the past questions asked, newest first, to someone who has not answered today', async () => {
    const first = await t.todaysQuestion();
    await t.newDay(new Date('2026-11-21T15:00:00Z'));
    const second = await t.todaysQuestion();
    await t.newDay(new Date('2026-11-22T15:00:00Z'));
    const third = await t.todaysQuestion();
    const scheduled = await schedule('2026-11-23');
    const ann = await t.register();
    await answer(ann, 'An answer on a day before, by someone else.');
    await t.settled();

    const visitor = await t.register();
    const list = await titles('', visitor.deviceId);
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      {
        id: second.id,
        content: second.content,
        category: expect.any(String),
        dateAdded: '2026-11-21',
      },
      {
        id: first.id,
        content: first.content,
        category: expect.any(String),
        dateAdded: '2026-11-20',
      },
    ]);
    expect(list.headers['x-total-count']).toBe('2');
    const ids = list.body.map((q: { id: number }) => q.id);
    expect(ids).not.toContain(third.id);
    expect(ids).not.toContain(scheduled.body.id);

    // The archive itself and the past answers stay behind their gates.
    const archive = await request(t.app)
      .get('/api/archive/questions')
      .set('X-Device-ID', visitor.deviceId);
    expect(archive.status).toBe(403);
    expect(archive.body.title).toBe("Join Today's Conversation First");
    const past = await request(t.app)
      .get(`/api/responses/${second.id}`)
      .set('X-Device-ID', visitor.deviceId);
    expect(past.status).toBe(403);
  });

  it('pages through its Link header, and refuses a made-up cursor or limit naming it', async () => {
    const asked: number[] = [(await t.todaysQuestion()).id];
    // The test bank's questions come round again after three days: three days, one page each.
    for (const day of ['21', '22']) {
      await t.newDay(new Date(`2026-11-${day}T15:00:00Z`));
      asked.unshift((await t.todaysQuestion()).id);
    }
    await t.settled();
    const seen: number[] = [];
    let next: string | null = '/api/archive/titles?limit=1';
    while (next) {
      const page: request.Response = await request(t.app)
        .get(next)
        .set('X-Device-ID', newDeviceId());
      expect(page.status).toBe(200);
      seen.push(...page.body.map((q: { id: number }) => q.id));
      next = /<([^>]+)>;\s*rel="next"/.exec(page.headers.link ?? '')?.[1] ?? null;
    }
    expect(seen).toEqual(asked.slice(1));
    expect(seen).toHaveLength(2);

    await expectRefusedWithoutEvents(t, () => titles('?cursor=not-ours'), 400, 'cursor');
    await expectRefusedWithoutEvents(t, () => titles('?limit=1000'), 400, 'limit');
  });
});
