import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { physicalName } from '../../projections/engine/define';
import { startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await startTestApp();
});
afterEach(async () => {
  await t.close();
});

const nextOf = (link: string | undefined) => /<([^>]+)>; rel="next"/.exec(link ?? '')?.[1] ?? null;

describe('GET /api/responses/{questionId}, page by page', () => {
  it('walks every answer once, own first, then more echoes, then newer, with hasEchoed', async () => {
    const q = await t.todaysQuestion();
    const people: { deviceId: string; pseudonym: string; responseId: string; position: string }[] =
      [];
    for (let i = 0; i < 65; i++) {
      const person = await t.register();
      t.setNow(new Date(Date.parse('2026-11-22T15:00:00Z') + i * 1000));
      const res = await request(t.app)
        .post('/api/responses')
        .set('X-Device-ID', person.deviceId)
        .send({ content: `answer number ${i} here`, questionId: q.id });
      people.push({ ...person, responseId: res.body.id as string, position: res.body.position });
    }
    const reader = people[0]!;
    // Two answers get echoes; the reader echoes one of them.
    const echo = (from: (typeof people)[number], to: (typeof people)[number]) =>
      request(t.app).post(`/api/responses/${to.responseId}/echo`).set('X-Device-ID', from.deviceId);
    await echo(people[1]!, people[40]!);
    await echo(people[2]!, people[40]!);
    const last = await echo(reader, people[50]!);

    const seen: { id: string; echoCount: number; isOwn: boolean; hasEchoed: boolean }[] = [];
    let path: string | null = `/api/responses/${q.id}`;
    let pages = 0;
    while (path) {
      const res = await request(t.app)
        .get(path)
        .set('X-Device-ID', reader.deviceId)
        .set('X-Min-Position', last.body.position);
      expect(res.status).toBe(200);
      expect(res.headers['x-total-count']).toBe('65');
      seen.push(...res.body);
      path = nextOf(res.headers.link);
      pages++;
    }
    expect(pages).toBe(3);
    expect(seen).toHaveLength(65);
    expect(new Set(seen.map((r) => r.id)).size).toBe(65);
    expect(seen[0]).toMatchObject({ id: reader.responseId, isOwn: true });
    expect(seen.slice(1, 3).map((r) => r.id)).toEqual([
      people[40]!.responseId,
      people[50]!.responseId,
    ]);
    expect(seen.find((r) => r.id === people[50]!.responseId)!.hasEchoed).toBe(true);
    expect(seen.filter((r) => r.hasEchoed)).toHaveLength(1);
    // Newer first among answers without echoes.
    expect(seen[3]!.id).toBe(people[64]!.responseId);
    expect(seen.at(-1)!.id).toBe(people[1]!.responseId);
  });

  it('gives the total from the kept count, and from the index where a generation keeps none', async () => {
    const q = await t.todaysQuestion();
    let reader: { deviceId: string } | null = null;
    let position = '';
    for (let i = 0; i < 3; i++) {
      const person = await t.register();
      reader ??= person;
      const res = await request(t.app)
        .post('/api/responses')
        .set('X-Device-ID', person.deviceId)
        .send({ content: `answer number ${i} here`, questionId: q.id });
      position = res.body.position as string;
    }
    const total = async () =>
      (
        await request(t.app)
          .get(`/api/responses/${q.id}`)
          .set('X-Device-ID', reader!.deviceId)
          .set('X-Min-Position', position)
      ).headers['x-total-count'];
    expect(await total()).toBe('3');
    // As a generation built before totals were kept: no count document at all.
    const generation = t.readModels.generationOf('responses-by-question');
    await t.readStore.transaction(async (tx) => {
      await tx
        .collection(physicalName('response_counts', generation))
        .deleteOne({ _id: String(q.id) });
    });
    expect(await total()).toBe('3');
  });

  it('refuses a cursor it did not make and a page size out of range, naming the field', async () => {
    const q = await t.todaysQuestion();
    const me = await t.register();
    await request(t.app)
      .post('/api/responses')
      .set('X-Device-ID', me.deviceId)
      .send({ content: 'one two three', questionId: q.id });
    for (const [query, field] of [
      ['cursor=not-a-cursor', 'cursor'],
      [`cursor=${Buffer.from('{"rank":5}').toString('base64url')}`, 'cursor'],
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['limit=abc', 'limit'],
    ]) {
      const res = await request(t.app)
        .get(`/api/responses/${q.id}?${query}`)
        .set('X-Device-ID', me.deviceId);
      expect(res.status, query).toBe(400);
      expect(res.body.field, query).toBe(field);
    }
  });
});

describe('GET /api/user/echo-usage', () => {
  it('counts the echoes given this product day, and says when the limit resets', async () => {
    const q = await t.todaysQuestion();
    const [author, fan] = [await t.register(), await t.register()];
    const answer = await request(t.app)
      .post('/api/responses')
      .set('X-Device-ID', author.deviceId)
      .send({ content: 'an answer to echo', questionId: q.id });
    await request(t.app)
      .post('/api/responses')
      .set('X-Device-ID', fan.deviceId)
      .send({ content: 'my own answer first', questionId: q.id });
    const given = await request(t.app)
      .post(`/api/responses/${answer.body.id}/echo`)
      .set('X-Device-ID', fan.deviceId);
    expect(given.body).toMatchObject({ echoesUsed: 1, dailyLimit: 10, resetsAt: '3 AM EST' });
    const usage = await request(t.app)
      .get('/api/user/echo-usage')
      .set('X-Device-ID', fan.deviceId)
      .set('X-Min-Position', given.body.position);
    expect(usage.body).toEqual({ used: 1, dailyLimit: 10, remaining: 9, resetsAt: '3 AM EST' });
  });
});
