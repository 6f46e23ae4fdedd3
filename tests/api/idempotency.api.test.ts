import { randomUUID } from 'node:crypto';
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

type Person = { deviceId: string };

const answer = (person: Person, body: object, key?: string) => {
  const req = request(t.app).post('/api/responses').set('X-Device-ID', person.deviceId);
  return (key ? req.set('Idempotency-Key', key) : req).send(body);
};

const echo = (person: Person, responseId: string, key?: string) => {
  const req = request(t.app)
    .post(`/api/responses/${responseId}/echo`)
    .set('X-Device-ID', person.deviceId);
  return key ? req.set('Idempotency-Key', key) : req;
};

const reply = (person: Person, body: object, key: string) =>
  request(t.app)
    .post('/api/replies')
    .set('X-Device-ID', person.deviceId)
    .set('Idempotency-Key', key)
    .send(body);

const writeEntry = (person: Person, body: object, key: string) =>
  request(t.app)
    .post('/api/journal')
    .set('X-Device-ID', person.deviceId)
    .set('Idempotency-Key', key)
    .send(body);

/** What the log holds of these types: a repeat must add nothing to it. */
const count = async (type: string) => (await t.allEvents()).filter((e) => e.type === type).length;

describe('Idempotency-Key on an answer', () => {
  it('answers a repeat with the first result and appends nothing', async () => {
    const alice = await t.register();
    const q = await t.todaysQuestion();
    const key = randomUUID();
    const body = { content: 'Honesty matters more than comfort.', questionId: q.id };
    const first = await answer(alice, body, key);
    expect(first.status).toBe(201);
    const before = (await t.allEvents()).length;

    const again = await answer(alice, body, key);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect((await t.allEvents()).length).toBe(before);

    // Without the key, the same text is a second answer, which the day's rule refuses.
    const unkeyed = await answer(alice, body);
    expect(unkeyed.status).toBe(409);
  });

  it('makes one answer of two sent at the same time', async () => {
    const alice = await t.register();
    const q = await t.todaysQuestion();
    const key = randomUUID();
    const body = { content: 'Two tabs, one thought.', questionId: q.id };
    const [a, b] = await Promise.all([answer(alice, body, key), answer(alice, body, key)]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(b.body.id).toBe(a.body.id);
    expect(await count('ResponseSubmitted')).toBe(1);
  });

  it('refuses the key reused for a different body (422 naming it), appending nothing', async () => {
    const alice = await t.register();
    const q = await t.todaysQuestion();
    const key = randomUUID();
    await answer(alice, { content: 'My first thought.', questionId: q.id }, key);
    const before = (await t.allEvents()).length;
    const other = await answer(alice, { content: 'Another thought.', questionId: q.id }, key);
    expect(other.status).toBe(422);
    expect(other.type).toBe('application/problem+json');
    expect(other.body.field).toBe('Idempotency-Key');
    expect((await t.allEvents()).length).toBe(before);
  });

  it('refuses a malformed key with 400 naming it, before anything is written', async () => {
    const alice = await t.register();
    const q = await t.todaysQuestion();
    const before = (await t.allEvents()).length;
    for (const key of [
      'short',
      'has spaces in it, sixteen+',
      'x'.repeat(129),
      'ünïcödé-ünïcödé-ü',
    ]) {
      const res = await answer(alice, { content: 'A thought of mine.', questionId: q.id }, key);
      expect(res.status, key).toBe(400);
      expect(res.body.field).toBe('Idempotency-Key');
    }
    expect((await t.allEvents()).length).toBe(before);
  });

  it('answers a repeat as the first sending even after the day has ended', async () => {
    const alice = await t.register();
    const q = await t.todaysQuestion();
    const key = randomUUID();
    const body = { content: 'Sent last night, offline.', questionId: q.id };
    const first = await answer(alice, body, key);
    await t.newDay(new Date('2026-11-23T08:00:00Z'));
    const again = await answer(alice, body, key);
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    // A new sending under a new key is refused: the question closed.
    const late = await answer(alice, body, randomUUID());
    expect(late.status).toBe(409);
    expect(late.body.field).toBe('questionId');
  });

  it("keeps one person's key apart from another's", async () => {
    const [alice, bob] = [await t.register(), await t.register()];
    const q = await t.todaysQuestion();
    const key = randomUUID();
    const a = await answer(alice, { content: 'Alice thinks so.', questionId: q.id }, key);
    const b = await answer(bob, { content: 'Bob thinks not.', questionId: q.id }, key);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(b.body.id).not.toBe(a.body.id);
    expect(b.body.response.content).toBe('Bob thinks not.');
    expect(await count('ResponseSubmitted')).toBe(2);
  });

  it('records a refusal by the analyzer once, and refuses each repeat the same way', async () => {
    const alice = await t.register();
    const q = await t.todaysQuestion();
    const key = randomUUID();
    const body = { content: 'You are such an 1d10t, honestly.', questionId: q.id };
    const first = await answer(alice, body, key);
    const again = await answer(alice, body, key);
    expect([first.status, again.status]).toEqual([422, 422]);
    expect(again.body).toMatchObject({ field: 'content', detail: first.body.detail });
    expect(await count('ContentRejected')).toBe(1);
  });
});

describe('Idempotency-Key on an echo, a reply and a journal entry', () => {
  const discussion = async () => {
    const [alice, bob] = [await t.register(), await t.register()];
    const q = await t.todaysQuestion();
    const a = await answer(alice, { content: 'Honesty matters most.', questionId: q.id });
    await answer(bob, { content: 'Kindness matters more.', questionId: q.id });
    await t.settled();
    return { alice, bob, responseId: a.body.id as string };
  };

  it('keeps an echo given once: a repeat does not take it back', async () => {
    const { bob, responseId } = await discussion();
    const key = randomUUID();
    const first = await echo(bob, responseId, key);
    expect(first.body).toMatchObject({ hasEchoed: true, echoesUsed: 1 });
    const again = await echo(bob, responseId, key);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await count('EchoGiven')).toBe(1);
    expect(await count('EchoWithdrawn')).toBe(0);
    // A new key is a new toggle.
    const withdrawn = await echo(bob, responseId, randomUUID());
    expect(withdrawn.body.hasEchoed).toBe(false);
    const [k1, k2] = [randomUUID(), randomUUID()];
    const both = await Promise.all([echo(bob, responseId, k1), echo(bob, responseId, k1)]);
    expect(both.map((r) => r.body.hasEchoed)).toEqual([true, true]);
    expect((await echo(bob, responseId, k2)).body.hasEchoed).toBe(false);
    expect(await count('EchoGiven')).toBe(2);
  });

  it("refuses someone else's response id under a reused key (422), whatever the first was", async () => {
    const { alice, bob, responseId } = await discussion();
    const key = randomUUID();
    await echo(bob, responseId, key);
    const q = await t.todaysQuestion();
    const carol = await t.register();
    const c = await answer(carol, { content: 'A third view here.', questionId: q.id });
    const other = await echo(bob, c.body.id as string, key);
    expect(other.status).toBe(422);
    expect(other.body.field).toBe('Idempotency-Key');
    expect((await echo(alice, responseId, key)).status).toBe(403);
  });

  it('posts a reply once', async () => {
    const { bob, responseId } = await discussion();
    const key = randomUUID();
    const body = { content: 'I had not seen it that way.', responseId };
    const [a, b] = await Promise.all([reply(bob, body, key), reply(bob, body, key)]);
    const c = await reply(bob, body, key);
    expect([a.status, b.status, c.status]).toEqual([201, 201, 201]);
    expect(new Set([a.body.reply.id, b.body.reply.id, c.body.reply.id]).size).toBe(1);
    expect(c.body.reply.content).toBe(a.body.reply.content);
    expect(await count('ReplyPosted')).toBe(1);
    const other = await reply(bob, { ...body, content: 'Something else.' }, key);
    expect(other.status).toBe(422);
    expect(await count('ReplyPosted')).toBe(1);
  });

  it('writes a journal entry once', async () => {
    const alice = await t.register();
    const key = randomUUID();
    const body = { title: 'Evening', content: 'What I learned today.', tags: ['quiet'] };
    const first = await writeEntry(alice, body, key);
    const again = await writeEntry(alice, body, key);
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.body.entry).toEqual(first.body.entry);
    expect(await count('JournalEntryWritten')).toBe(1);
    const list = await request(t.app)
      .get('/api/journal')
      .set('X-Device-ID', alice.deviceId)
      .set('X-Min-Position', again.body.position);
    expect(list.body).toHaveLength(1);
  });
});
