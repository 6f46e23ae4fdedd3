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
    const first = await say(ada, { content: '  Honesty first.  ' });
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
        username: first.body.message.username,
        content: 'Honesty first.',
        isOwn: false,
      }),
      expect.objectContaining({ username: second.body.message.username, isOwn: true }),
    ]);
    expect(Object.keys(seen.body[0]).sort()).toEqual([
      'content',
      'id',
      'isOwn',
      'timestamp',
      'username',
    ]);
  });

  it('gives each traveller one nickname of their own, whatever the browser sends', async () => {
    const ada = await traveler('ada@example.com', truthTellerPath);
    const bob = await traveler('bob@example.com', truthTellerPath);
    const adas = await request(t.app).get(`${chat}/nickname`).set('Authorization', ada);
    expect(adas.status).toBe(200);
    expect(adas.body.nickname).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+ \d{1,2}$/);
    // Bob asks to post under Ada's name, then under a name of his own choosing: neither counts.
    const posed = await say(bob, { content: 'It is me, Ada.', username: adas.body.nickname });
    expect(posed.status).toBe(201);
    const bobs = posed.body.message.username as string;
    expect(bobs).not.toBe(adas.body.nickname);
    t.setNow(new Date('2026-11-22T15:00:05Z'));
    const again = await say(bob, { content: 'Still me.', username: 'Ada' });
    expect(again.body.message.username).toBe(bobs);
    t.setNow(new Date('2026-11-22T15:00:10Z'));
    const adaSays = await say(ada, { content: 'The real Ada.', username: bobs });
    expect(adaSays.body.message.username).toBe(adas.body.nickname);
    const read = await request(t.app)
      .get(chat)
      .set('Authorization', ada)
      .set('X-Min-Position', adaSays.body.position);
    expect(read.body.map((m: { username: string }) => m.username)).toEqual([
      bobs,
      bobs,
      adas.body.nickname,
    ]);
    expect((await request(t.app).get(`${chat}/nickname`).set('Authorization', bob)).body).toEqual({
      nickname: bobs,
    });
    // One naming per traveller in this chat, however often they ask or post.
    const named = (await t.allEvents()).filter((e) => e.type === 'MiniTravelerNamed');
    expect(named).toHaveLength(2);
  });

  it('shows a message posted before nicknames were bound to people as an Anonymous Traveler', async () => {
    const ada = await traveler('ada@example.com', truthTellerPath);
    const personId = (
      (await t.allEvents()).find((e) => e.type === 'MiniJourneyCompleted')!.data as {
        personId: string;
      }
    ).personId;
    const { seal } = await import('../../infra/auth/sealing');
    await t.events.appendToStream(
      'mini-chatter-legacy',
      [
        {
          id: 'legacy-message',
          type: 'MiniChatMessagePosted',
          data: {
            messageId: 'legacy-1',
            dilemmaId: 'bank-01',
            archetypeId: 'truth-teller',
            authorId: personId,
            username: 'Kind Seeker 42',
            content: await seal(t.vault, personId, 'An old message'),
            day: '2026-11-22',
            at: '2026-11-22T14:00:00.000Z',
          },
          metadata: { v: 1 },
        },
      ],
      'no_stream',
    );
    await t.settled();
    const read = await request(t.app).get(chat).set('Authorization', ada);
    expect(read.body).toEqual([
      expect.objectContaining({ content: 'An old message', username: 'Anonymous Traveler' }),
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

  it('refuses blank and too long messages and malformed fields, naming them, and paces a flood', async () => {
    const ada = await traveler('ada@example.com', truthTellerPath);
    await refusesWithoutEvents(t, () => say(ada, { content: '   ' }), 400, 'content');
    await refusesWithoutEvents(t, () => say(ada, { content: 'x'.repeat(201) }), 400, 'content');
    await refusesWithoutEvents(t, () => say(ada, { content: 'hi', username: 42 }), 400, 'username');
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
