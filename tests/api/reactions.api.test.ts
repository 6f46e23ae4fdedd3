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

type Person = { deviceId: string; pseudonym: string };
type Listed = { id: string; reactions: { counts: Record<string, number>; mine: string[] } };

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

const react = (person: Person, responseId: string, body: unknown) =>
  request(t.app)
    .post(`/api/responses/${responseId}/reactions`)
    .set('X-Device-ID', person.deviceId)
    .send(body as object);

const listed = async (person: Person, questionId: number, position: string, id: string) => {
  const res = await request(t.app)
    .get(`/api/responses/${questionId}`)
    .set('X-Device-ID', person.deviceId)
    .set('X-Min-Position', position);
  return (res.body as Listed[]).find((r) => r.id === id)!.reactions;
};

describe('reactions', () => {
  it('toggles a reaction, counts it on the answers list, and shows only the caller as "mine"', async () => {
    const [alice, bob, carol] = [await t.register(), await t.register(), await t.register()];
    const a = await answer(alice);
    await answer(bob);
    await answer(carol);
    const first = await react(bob, a.responseId, { emoji: '💡' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ reacted: true, emoji: '💡' });
    const second = await react(carol, a.responseId, { emoji: '💡' });
    await react(carol, a.responseId, { emoji: '🙏' });

    const asBob = await listed(bob, a.questionId, second.body.position, a.responseId);
    expect(asBob.counts).toMatchObject({ '💡': 2, '🙏': 1, '🤔': 0 });
    expect(asBob.mine).toEqual(['💡']);
    const asAlice = await listed(alice, a.questionId, second.body.position, a.responseId);
    expect(asAlice.mine).toEqual([]);

    const undo = await react(bob, a.responseId, { emoji: '💡' });
    expect(undo.body).toMatchObject({ reacted: false });
    const after = await listed(bob, a.questionId, undo.body.position, a.responseId);
    expect(after).toEqual({
      counts: { '💡': 1, '🤔': 0, '❤️': 0, '👏': 0, '🙏': 1, '😮': 0 },
      mine: [],
    });
  });

  it('refuses an unknown emoji or a malformed body (400 naming emoji), appending nothing', async () => {
    const [alice, bob] = [await t.register(), await t.register()];
    const a = await answer(alice);
    await answer(bob);
    for (const body of [{ emoji: '💩' }, {}, { emoji: 1 }, { emoji: '💡', extra: true }]) {
      await expectRefusedWithoutEvents(t, () => react(bob, a.responseId, body), 400);
    }
    const res = await expectRefusedWithoutEvents(
      t,
      () => react(bob, a.responseId, { emoji: 'x' }),
      400,
      'emoji',
    );
    expect(res.body.detail).toMatch(/emoji must be one of/);
  });

  it('is open only to those who take part: not the unregistered, not before answering, not one’s own answer, not a missing one', async () => {
    const [alice, bob] = [await t.register(), await t.register()];
    const a = await answer(alice);
    await expectRefusedWithoutEvents(t, () => react(bob, a.responseId, { emoji: '💡' }), 403);
    await expectRefusedWithoutEvents(t, () => react(alice, a.responseId, { emoji: '💡' }), 403);
    await expectRefusedWithoutEvents(
      t,
      () => react({ deviceId: crypto.randomUUID(), pseudonym: '' }, a.responseId, { emoji: '💡' }),
      403,
    );
    await answer(bob);
    await expectRefusedWithoutEvents(t, () => react(bob, 'nope', { emoji: '💡' }), 404);
  });

  it('keeps one reaction per person per emoji under 20 parallel toggles', async () => {
    const [alice, bob] = [await t.register(), await t.register()];
    const a = await answer(alice);
    const b = await answer(bob);
    await t.caughtUp(BigInt(b.position), 5000);
    const before = (await t.allEvents()).length;
    const results = await Promise.all(
      Array.from({ length: 20 }, () => react(bob, a.responseId, { emoji: '🤔' })),
    );
    const done = results.filter((r) => r.status === 200);
    expect(done.length + results.filter((r) => r.status === 503).length).toBe(20);
    const events = (await t.allEvents()).slice(before);
    expect(events).toHaveLength(done.length);
    // Each toggle saw the one before it: added, removed, added, … never two in a row.
    events.forEach((event, i) =>
      expect(event.type).toBe(i % 2 === 0 ? 'ReactionAdded' : 'ReactionRemoved'),
    );
    const last = events.at(-1)!.position.toString();
    const seen = await listed(bob, a.questionId, last, a.responseId);
    expect(seen.counts['🤔']).toBe(done.length % 2);
    expect(seen.mine).toEqual(done.length % 2 === 1 ? ['🤔'] : []);
  });
});
