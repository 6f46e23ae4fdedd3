import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectRefusedWithoutEvents } from '../support/refusals';
import { newDeviceId, startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await startTestApp();
});
afterEach(async () => {
  await t.close();
});

type Person = { deviceId: string; pseudonym: string };

const answer = async (person: Person) => {
  const q = await t.todaysQuestion();
  const res = await request(t.app)
    .post('/api/responses')
    .set('X-Device-ID', person.deviceId)
    .send({ content: 'Promises bind us because others plan around them.', questionId: q.id });
  expect(res.status).toBe(201);
  return { questionId: q.id, responseId: res.body.id as string };
};

const reply = async (person: Person, responseId: string, content = 'I see it differently.') => {
  const res = await request(t.app)
    .post('/api/replies')
    .set('X-Device-ID', person.deviceId)
    .send({ content, responseId });
  expect(res.status).toBe(201);
  return res.body.reply.id as string;
};

const inbox = async (person: Person, query = '') => {
  await t.settled();
  return request(t.app).get(`/api/user/notifications${query}`).set('X-Device-ID', person.deviceId);
};
const unread = async (person: Person) => {
  await t.settled();
  const res = await request(t.app)
    .get('/api/user/notifications/summary')
    .set('X-Device-ID', person.deviceId);
  return res.body.unread as number;
};
const markRead = (person: Person, body: object = {}) =>
  request(t.app)
    .post('/api/user/notifications/read')
    .set('X-Device-ID', person.deviceId)
    .send(body);

/** Badges (each first answer earns one) kept out, so an inbox holds only the conversation. */
const withoutBadges = async (person: Person) => {
  const res = await request(t.app)
    .put('/api/user/notification-settings')
    .set('X-Device-ID', person.deviceId)
    .send({ muted: ['badge'], lockScreen: 'private' });
  expect(res.status).toBe(200);
  return person;
};

/** Ann answered; Bob and Cat answered too and replied to her. */
const conversation = async () => {
  const [ann, bob, cat] = [
    await withoutBadges(await t.register()),
    await withoutBadges(await t.register()),
    await withoutBadges(await t.register()),
  ];
  const a = await answer(ann);
  await answer(bob);
  await answer(cat);
  await reply(bob, a.responseId, 'I see it differently.');
  await reply(cat, a.responseId, 'A promise is a plan others make with you.');
  return { ann, bob, cat, a };
};

describe('GET /api/user/notifications', () => {
  it('lists the caller’s inbox newest first, each with id, kind, at and read, naming people by pseudonym only', async () => {
    const { ann, bob, cat, a } = await conversation();
    const res = await inbox(ann);
    expect(res.status).toBe(200);
    expect(res.headers['x-total-count']).toBe('2');
    expect(res.body).toEqual([
      expect.objectContaining({
        kind: 'reply',
        read: false,
        actor: cat.pseudonym,
        thread: 'answer',
        excerpt: `@${ann.pseudonym} A promise is a plan others make with you.`,
        link: `/responses/${a.questionId}`,
      }),
      expect.objectContaining({ kind: 'reply', actor: bob.pseudonym }),
    ]);
    for (const item of res.body) {
      expect(item.id).toMatch(/^[\w-]{22}$/);
      expect(Date.parse(item.at)).not.toBeNaN();
    }
    // Bob, who replied first, hears of Cat's reply in the discussion he joined.
    expect((await inbox(bob)).body).toEqual([
      expect.objectContaining({ kind: 'reply', thread: 'discussion', actor: cat.pseudonym }),
    ]);
    expect((await inbox(cat)).body).toEqual([]);
    const text = JSON.stringify([(await inbox(ann)).body, (await inbox(bob)).body]);
    for (const secret of [ann.deviceId, bob.deviceId, cat.deviceId])
      expect(text).not.toContain(secret);
    expect(text).not.toMatch(/personId|actorId|userId/);
  });

  it('pages with the project’s cursor and answers an empty inbox to a stranger', async () => {
    const { ann } = await conversation();
    const first = await inbox(ann, '?limit=1');
    expect(first.body).toHaveLength(1);
    const next = /<([^>]+)>; rel="next"/.exec(first.headers.link ?? '')?.[1];
    expect(next).toBeDefined();
    const second = await request(t.app).get(next!).set('X-Device-ID', ann.deviceId);
    expect(second.body).toHaveLength(1);
    expect(second.body[0].id).not.toBe(first.body[0].id);
    expect(second.headers.link).toBeUndefined();

    const stranger = await request(t.app)
      .get('/api/user/notifications')
      .set('X-Device-ID', newDeviceId());
    expect(stranger.status).toBe(200);
    expect(stranger.body).toEqual([]);
  });

  it('refuses a cursor it did not make and a page size out of range', async () => {
    const { ann } = await conversation();
    for (const [query, field] of [
      ['?cursor=bm90LWEtY3Vyc29y', 'cursor'],
      ['?limit=0', 'limit'],
      ['?limit=101', 'limit'],
    ]) {
      const res = await inbox(ann, query);
      expect(res.status, query).toBe(400);
      expect(res.body.field).toBe(field);
    }
  });

  it('groups echoes of an answer into one line, and tells of a badge earned', async () => {
    const [ann, bob, cat] = [await t.register(), await t.register(), await t.register()];
    const a = await answer(ann);
    for (const person of [bob, cat]) {
      await answer(person);
      const res = await request(t.app)
        .post(`/api/responses/${a.responseId}/echo`)
        .set('X-Device-ID', person.deviceId);
      expect(res.status).toBe(200);
    }
    expect((await inbox(ann)).body).toEqual([
      expect.objectContaining({ kind: 'echo', count: 2, actor: null, read: false }),
      // An echo received earns 'Heard'.
      expect.objectContaining({ kind: 'badge', badge: 'Heard', link: '/profile' }),
      expect.objectContaining({ kind: 'badge', badge: 'First Voice', link: '/profile' }),
    ]);
  });
});

describe('POST /api/user/notifications/read', () => {
  it('marks the named notifications read, then the rest, and appends nothing when nothing is unread', async () => {
    const { ann } = await conversation();
    const [newest] = (await inbox(ann)).body as { id: string }[];
    const some = await markRead(ann, { ids: [newest!.id] });
    expect(some.status).toBe(200);
    expect(some.body).toMatchObject({ unread: 1 });
    expect(some.body.position).toMatch(/^\d+$/);
    expect((await inbox(ann)).body.map((n: { read: boolean }) => n.read)).toEqual([true, false]);
    expect((await markRead(ann)).body).toMatchObject({ unread: 0 });
    await t.settled();
    const before = (await t.allEvents()).length;
    expect((await markRead(ann)).body).toEqual({ unread: 0, position: null });
    expect((await markRead(ann, { ids: [newest!.id] })).body).toEqual({
      unread: 0,
      position: null,
    });
    expect((await t.allEvents()).length).toBe(before);
  });

  it('changes nothing of another person’s inbox, given their notification ids', async () => {
    const { ann, bob } = await conversation();
    const annIds = ((await inbox(ann)).body as { id: string }[]).map((n) => n.id);
    await t.settled();
    const before = (await t.allEvents()).length;
    const res = await markRead(bob, { ids: annIds });
    expect(res.body).toEqual({ unread: 1, position: null });
    expect((await t.allEvents()).length).toBe(before);
    expect(await unread(ann)).toBe(2);
  });

  it('refuses malformed bodies with a 400 naming the field, and strangers, appending nothing', async () => {
    const { ann } = await conversation();
    for (const [body, field] of [
      [{ ids: 'all' }, 'ids'],
      [{ ids: [] }, 'ids'],
      [{ ids: ['../../etc'] }, 'ids.0'],
      [{ ids: Array.from({ length: 101 }, (_, i) => `id${i}`) }, 'ids'],
      [{ ids: [42] }, 'ids.0'],
      [{ everything: true }, 'everything'],
    ] as const) {
      await expectRefusedWithoutEvents(t, () => markRead(ann, body), 400, field);
    }
    const stranger = { deviceId: newDeviceId(), pseudonym: '' };
    const refused = await markRead(stranger);
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
  });
});

describe('notification settings', () => {
  const save = (person: Person, body: object) =>
    request(t.app)
      .put('/api/user/notification-settings')
      .set('X-Device-ID', person.deviceId)
      .send(body);

  it('start with nothing muted and private lock screens; muting a kind keeps it out of the inbox', async () => {
    const ann = await t.register();
    const bob = await withoutBadges(await t.register());
    const settings = await request(t.app)
      .get('/api/user/notification-settings')
      .set('X-Device-ID', ann.deviceId);
    expect(settings.body).toEqual({ muted: [], lockScreen: 'private', devices: 0 });
    const saved = await save(ann, { muted: ['badge', 'reply'], lockScreen: 'full' });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ muted: ['reply', 'badge'], lockScreen: 'full', devices: 0 });
    const a = await answer(ann);
    await answer(bob);
    await reply(bob, a.responseId);
    expect((await inbox(ann)).body).toEqual([]);
    // A client may send back what it read, with a field changed.
    expect((await save(ann, { ...saved.body, muted: [] })).body).toMatchObject({ muted: [] });
  });

  it('refuses unknown kinds and lock-screen choices, appending nothing', async () => {
    const ann = await t.register();
    for (const [body, field] of [
      [{ muted: ['everything'], lockScreen: 'full' }, 'muted.0'],
      [{ muted: ['echo', 'echo'], lockScreen: 'full' }, 'muted'],
      [{ muted: [], lockScreen: 'loud' }, 'lockScreen'],
      [{ muted: [] }, 'lockScreen'],
      [{ muted: [], lockScreen: 'full', extra: 1 }, 'extra'],
    ] as const) {
      await expectRefusedWithoutEvents(t, () => save(ann, body), 400, field);
    }
  });
});
