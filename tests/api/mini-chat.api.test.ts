import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseTopic, sharedTopics } from '../../domain/contracts/topics';
import { refusesWithoutEvents, signUpVerified } from '../support/accounts';
import { startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await startTestApp();
});
afterEach(async () => {
  await t.close();
});

const chat = '/api/mini/dilemma/bank-01/archetype/truth-teller/chat';
const truthTellerPath = ['bank-01-a', 'bank-01-a-b', 'bank-01-a-b-a'];

/** A signed-in person; with a path, they walked it today. */
const traveler = async (email: string, path?: string[]) => {
  const auth = `Bearer ${(await signUpVerified(t, email)).access_token}`;
  if (path) {
    const saved = await request(t.app)
      .post('/api/mini/result')
      .set('Authorization', auth)
      .send({ dilemmaId: 'bank-01', path });
    expect(saved.status).toBe(201);
    await t.caughtUp(BigInt(saved.body.position));
  }
  return auth;
};
const say = (auth: string, body: unknown) =>
  request(t.app)
    .post(chat)
    .set('Authorization', auth)
    .send(body as object);

describe('the Fellow Travelers chat', () => {
  it('is read and written by those who reached the archetype; each sees only their own as own', async () => {
    const ada = await traveler('ada@example.com', truthTellerPath);
    const bob = await traveler('bob@example.com', truthTellerPath);
    const first = await say(ada, { content: '  Honesty first.  ', username: 'Kind Seeker 42' });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.message).toMatchObject({ content: 'Honesty first.', isOwn: true });
    t.setNow(new Date('2026-11-22T15:00:05Z'));
    const second = await say(bob, { content: 'Even when it costs?' });
    const seen = await request(t.app)
      .get(chat)
      .set('Authorization', bob)
      .set('X-Min-Position', second.body.position);
    expect(seen.status).toBe(200);
    expect(seen.body).toEqual([
      expect.objectContaining({
        username: 'Kind Seeker 42',
        content: 'Honesty first.',
        isOwn: false,
      }),
      expect.objectContaining({ username: 'Anonymous Traveler', isOwn: true }),
    ]);
    expect(Object.keys(seen.body[0]).sort()).toEqual([
      'content',
      'id',
      'isOwn',
      'timestamp',
      'username',
    ]);
  });

  it('is closed to anyone without that result today, and to anyone without a session', async () => {
    const other = await traveler('cy@example.com', ['bank-01-b']);
    const none = await traveler('dee@example.com');
    for (const auth of [other, none]) {
      expect((await request(t.app).get(chat).set('Authorization', auth)).status).toBe(403);
      await refusesWithoutEvents(t, () => say(auth, { content: 'Let me in' }), 403);
    }
    expect((await request(t.app).get(chat)).status).toBe(401);
    await refusesWithoutEvents(t, () => request(t.app).post(chat).send({ content: 'x' }), 401);
  });

  it('refuses blank, too long and made-up names, naming the field, and paces a flood', async () => {
    const ada = await traveler('ada@example.com', truthTellerPath);
    await refusesWithoutEvents(t, () => say(ada, { content: '   ' }), 400, 'content');
    await refusesWithoutEvents(t, () => say(ada, { content: 'x'.repeat(201) }), 400, 'content');
    await refusesWithoutEvents(
      t,
      () => say(ada, { content: 'hi', username: 'Ada' }),
      400,
      'username',
    );
    await refusesWithoutEvents(
      t,
      () => say(ada, { content: 'hi', authorId: 'x' }),
      400,
      'authorId',
    );
    for (let i = 0; i < 5; i++) expect((await say(ada, { content: `note ${i}` })).status).toBe(201);
    await refusesWithoutEvents(t, () => say(ada, { content: 'one more' }), 429);
  });

  it('has a live topic only its travellers may follow', () => {
    const name = sharedTopics.miniTravelers.name({
      dilemmaId: 'bank-01',
      archetypeId: 'truth-teller',
    });
    expect(parseTopic(name)).toEqual({
      scope: 'shared',
      name,
      access: { kind: 'mini-traveler', dilemmaId: 'bank-01', archetypeId: 'truth-teller' },
    });
    expect(parseTopic('mini-travelers:bank-01:../x')).toBeNull();
  });
});
