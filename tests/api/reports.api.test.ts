import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { handle } from '../../api/commands/run';
import type { QueueItemDto } from '../../domain/contracts/reports';
import { chatters } from '../../domain/mini/chat';
import { seal } from '../../infra/auth/sealing';
import { expectRefusedWithoutEvents } from '../support/refusals';
import { startTestApp, testAdmin, type TestApp } from '../support/test-app';
import { answerToday } from '../support/answers';

let t: TestApp;
beforeEach(async () => {
  t = await startTestApp();
});
afterEach(async () => {
  await t.close();
});

type Person = { deviceId: string; pseudonym: string };

const answer = (person: Person, content?: string) => answerToday(t, person.deviceId, content);

const reply = async (person: Person, responseId: string, content = 'I see it the same way.') => {
  const res = await request(t.app)
    .post('/api/replies')
    .set('X-Device-ID', person.deviceId)
    .send({ responseId, content });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  await t.settled();
  return res.body.reply.id as string;
};

const report = (person: Person, body: unknown) =>
  request(t.app)
    .post('/api/reports')
    .set('X-Device-ID', person.deviceId)
    .send(body as object);

const adminToken = async () => {
  const login = await request(t.app).post('/api/admin/login').send(testAdmin);
  return `Bearer ${login.body.token as string}`;
};

const queue = async (auth: string, status?: 'open' | 'hidden') => {
  await t.settled();
  const res = await request(t.app)
    .get(`/api/admin/reports${status ? `?status=${status}` : ''}`)
    .set('Authorization', auth);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as QueueItemDto[];
};

const resolve = (auth: string, id: string, body: unknown) =>
  request(t.app)
    .post(`/api/admin/reports/${id}/resolve`)
    .set('Authorization', auth)
    .send(body as object);

const listFor = async (person: Person, questionId: number) => {
  await t.settled();
  const res = await request(t.app)
    .get(`/api/responses/${questionId}`)
    .set('X-Device-ID', person.deviceId);
  expect(res.status).toBe(200);
  return res;
};

/** Alice answered; Bob, Carol, Dave and Erin answered too, so each may read and report. */
const discussion = async () => {
  const [alice, bob, carol, dave, erin] = [
    await t.register(),
    await t.register(),
    await t.register(),
    await t.register(),
    await t.register(),
  ];
  const a = await answer(alice, 'You will all regret this, but honesty matters.');
  for (const person of [bob, carol, dave, erin]) await answer(person);
  return { alice, bob, carol, dave, erin, a };
};

describe('POST /api/reports', () => {
  it('takes a report (201), never tells who else reported, and refuses a second by the same person (409)', async () => {
    const { bob, carol, a } = await discussion();
    const target = { kind: 'response', id: a.responseId };
    const first = await report(bob, { target, reason: 'harassment', text: 'Aimed at me' });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toEqual({ id: expect.any(String), position: expect.any(String) });
    const byCarol = await report(carol, { target, reason: 'hate' });
    expect(byCarol.status).toBe(201);
    expect(JSON.stringify(byCarol.body)).not.toContain(bob.pseudonym);
    const again = await expectRefusedWithoutEvents(
      t,
      () => report(bob, { target, reason: 'spam' }),
      409,
      'target',
    );
    expect(again.body.title).toBe('Already reported');
    const events = await t.allEvents();
    const reported = events.filter((e) => e.type === 'ItemReported');
    expect(reported).toHaveLength(2);
    // The reporter's words are sealed in the log, as every person's free text is.
    const raw = await t.rawEvents();
    expect(raw.map((e) => JSON.stringify(e.data)).join('\n')).not.toContain('Aimed at me');
  });

  it('refuses bad input with a 400 naming the field, appending nothing', async () => {
    const { bob, a } = await discussion();
    const target = { kind: 'response', id: a.responseId };
    const cases: [unknown, string][] = [
      [{ reason: 'spam' }, 'target'],
      [{ target: { kind: 'essay', id: a.responseId }, reason: 'spam' }, 'target.kind'],
      [{ target: { kind: 'response' }, reason: 'spam' }, 'target.id'],
      [{ target: { kind: 'response', id: '../etc' }, reason: 'spam' }, 'target.id'],
      [{ target, reason: 'rude' }, 'reason'],
      [{ target }, 'reason'],
      [{ target, reason: 'other', text: 'x'.repeat(501) }, 'text'],
      [{ target, reason: 'other', text: 42 }, 'text'],
      [{ target, reason: 'other', text: 'bad\u0000byte' }, 'text'],
      [{ target, reason: 'other', extra: true }, 'extra'],
      [{ target: 'response', reason: 'other' }, 'target'],
    ];
    for (const [body, field] of cases) {
      await expectRefusedWithoutEvents(t, () => report(bob, body), 400, field);
    }
  });

  it('refuses one’s own item (403), unknown items (404), and strangers to the discussion (403)', async () => {
    const { alice, a } = await discussion();
    const target = { kind: 'response', id: a.responseId };
    await expectRefusedWithoutEvents(t, () => report(alice, { target, reason: 'spam' }), 403);
    const stranger = await t.register();
    await expectRefusedWithoutEvents(t, () => report(stranger, { target, reason: 'spam' }), 403);
    const unknown = { kind: 'reply', id: 'no-such-reply' };
    await expectRefusedWithoutEvents(
      t,
      () => report(alice, { target: unknown, reason: 'spam' }),
      404,
    );
    const noDevice = await request(t.app).post('/api/reports').send({ target, reason: 'spam' });
    expect(noDevice.status).toBe(400);
  });

  it('limits how many reports one person files in an hour (429)', async () => {
    const reporter = await t.register();
    const authors = await Promise.all(Array.from({ length: 21 }, () => t.register()));
    const answers: { responseId: string }[] = [];
    for (const author of authors) answers.push(await answer(author));
    await answer(reporter);
    for (const a of answers.slice(0, 20)) {
      const res = await report(reporter, {
        target: { kind: 'response', id: a.responseId },
        reason: 'spam',
      });
      expect(res.status).toBe(201);
    }
    const res = await expectRefusedWithoutEvents(
      t,
      () =>
        report(reporter, {
          target: { kind: 'response', id: answers[20]!.responseId },
          reason: 'spam',
        }),
      429,
    );
    expect(res.headers['retry-after']).toBeDefined();
  });

  it('holds an answer pending review once three people report it: gone for others, shown to its author', async () => {
    const { alice, bob, carol, dave, erin, a } = await discussion();
    const target = { kind: 'response', id: a.responseId };
    await report(bob, { target, reason: 'harassment' });
    await report(carol, { target, reason: 'threat' });
    expect((await listFor(erin, a.questionId)).body.map((r: { id: string }) => r.id)).toContain(
      a.responseId,
    );
    await report(dave, { target, reason: 'threat' });
    const asErin = await listFor(erin, a.questionId);
    expect(asErin.body.map((r: { id: string }) => r.id)).not.toContain(a.responseId);
    expect(asErin.headers['x-total-count']).toBe('4');
    const asAlice = await listFor(alice, a.questionId);
    const own = asAlice.body.find((r: { id: string }) => r.id === a.responseId);
    expect(own).toMatchObject({
      isOwn: true,
      moderation: { visibility: 'held', reason: 'threat' },
    });
    // Others can neither echo, react to, reply to nor report what they no longer see.
    for (const send of [
      () =>
        request(t.app)
          .post(`/api/responses/${a.responseId}/echo`)
          .set('X-Device-ID', erin.deviceId),
      () =>
        request(t.app)
          .post(`/api/responses/${a.responseId}/reactions`)
          .set('X-Device-ID', erin.deviceId)
          .send({ emoji: '💡' }),
      () =>
        request(t.app)
          .post('/api/replies')
          .set('X-Device-ID', erin.deviceId)
          .send({ responseId: a.responseId, content: 'Hm.' }),
      () => request(t.app).get(`/api/replies/${a.responseId}`).set('X-Device-ID', erin.deviceId),
      () => report(erin, { target, reason: 'spam' }),
    ]) {
      await expectRefusedWithoutEvents(t, send, 404);
    }
  });

  it('holds at a configured threshold', async () => {
    await t.close();
    t = await startTestApp({ holdThreshold: 1 });
    const { bob, erin, a } = await discussion();
    await report(bob, { target: { kind: 'response', id: a.responseId }, reason: 'spam' });
    const ids = (await listFor(erin, a.questionId)).body.map((r: { id: string }) => r.id);
    expect(ids).not.toContain(a.responseId);
  });
});

describe('the review queue', () => {
  it('lists open items by report count then age, with the words, their context, reasons, notes and scores; admins only', async () => {
    const { alice, bob, carol, dave, a } = await discussion();
    const replyId = await reply(bob, a.responseId, 'Nobody asked for your opinion here.');
    await report(carol, { target: { kind: 'reply', id: replyId }, reason: 'harassment' });
    await report(bob, {
      target: { kind: 'response', id: a.responseId },
      reason: 'threat',
      text: 'It reads like a threat',
    });
    await report(dave, { target: { kind: 'response', id: a.responseId }, reason: 'threat' });
    const auth = await adminToken();
    const items = await queue(auth);
    expect(items.map((item) => item.id)).toEqual([`response-${a.responseId}`, `reply-${replyId}`]);
    const [top, second] = items as [QueueItemDto, QueueItemDto];
    expect(top).toMatchObject({
      target: { kind: 'response', id: a.responseId },
      visibility: 'visible',
      reportCount: 2,
      reasons: [{ reason: 'threat', count: 2 }],
      notes: ['It reads like a threat'],
      heldBy: null,
      content: 'You will all regret this, but honesty matters.',
      author: alice.pseudonym,
      context: { question: { id: a.questionId }, inReplyTo: null },
      scores: { analyzerVersion: 'local-3', civility: expect.any(Number) },
    });
    expect(second).toMatchObject({
      content: expect.stringContaining('Nobody asked'),
      context: {
        inReplyTo: { author: alice.pseudonym, content: expect.stringContaining('honesty') },
      },
      scores: { relevance: null, civility: expect.any(Number) },
    });
    // Never who reported: no reporter's pseudonym anywhere in the queue.
    expect(JSON.stringify(items)).not.toContain(dave.pseudonym);
    expect(JSON.stringify(items)).not.toContain(carol.pseudonym);

    const asMember = await request(t.app)
      .get('/api/admin/reports')
      .set('X-Device-ID', bob.deviceId);
    expect(asMember.status).toBe(401);
    const badStatus = await request(t.app)
      .get('/api/admin/reports?status=all')
      .set('Authorization', auth);
    expect(badStatus.status).toBe(400);
    expect(badStatus.body.field).toBe('status');
  });

  it('hides, restores, dismisses and removes, each in the moderation audit and its CSV', async () => {
    const { alice, bob, carol, erin, a } = await discussion();
    const target = { kind: 'response', id: a.responseId };
    await report(bob, { target, reason: 'harassment' });
    const auth = await adminToken();
    const id = `response-${a.responseId}`;

    const hidden = await resolve(auth, id, { action: 'hide', note: 'Aimed at a member' });
    expect(hidden.status, JSON.stringify(hidden.body)).toBe(200);
    expect(hidden.body.visibility).toBe('hidden');
    expect((await listFor(erin, a.questionId)).body.map((r: { id: string }) => r.id)).not.toContain(
      a.responseId,
    );
    const own = (await listFor(alice, a.questionId)).body.find(
      (r: { id: string }) => r.id === a.responseId,
    );
    expect(own.moderation).toEqual({ visibility: 'hidden', reason: 'harassment' });
    const notices = await request(t.app)
      .get('/api/moderation/notices')
      .set('X-Device-ID', alice.deviceId);
    expect(notices.body).toEqual([
      expect.objectContaining({
        visibility: 'hidden',
        reason: 'harassment',
        questionId: a.questionId,
      }),
    ]);
    // Nobody else is told anything of Alice's items.
    const othersNotices = await request(t.app)
      .get('/api/moderation/notices')
      .set('X-Device-ID', erin.deviceId);
    expect(othersNotices.body).toEqual([]);
    expect((await queue(auth)).map((item) => item.id)).not.toContain(id);
    expect((await queue(auth, 'hidden')).map((item) => item.id)).toEqual([id]);

    await expectRefusedWithoutEvents(t, () => resolve(auth, id, { action: 'hide' }), 409);
    const restored = await resolve(auth, id, { action: 'restore' });
    expect(restored.body.visibility).toBe('visible');
    expect((await listFor(erin, a.questionId)).body.map((r: { id: string }) => r.id)).toContain(
      a.responseId,
    );
    const clear = await request(t.app)
      .get('/api/moderation/notices')
      .set('X-Device-ID', alice.deviceId);
    expect(clear.body).toEqual([]);

    await report(carol, { target, reason: 'spam' });
    const dismissed = await resolve(auth, id, { action: 'dismiss' });
    expect(dismissed.body.visibility).toBe('visible');
    await expectRefusedWithoutEvents(t, () => resolve(auth, id, { action: 'dismiss' }), 409);

    await report(carol, { target, reason: 'spam' });
    const removed = await resolve(auth, id, { action: 'remove', note: 'Spam' });
    expect(removed.body.visibility).toBe('removed');
    const events = await t.allEvents();
    // Removed as its author would delete it: counted like a delete everywhere.
    expect(events.filter((e) => e.type === 'ResponseDeleted')).toHaveLength(1);
    const asErin = await listFor(erin, a.questionId);
    expect(asErin.body.map((r: { id: string }) => r.id)).not.toContain(a.responseId);
    expect(asErin.headers['x-total-count']).toBe('4');
    const told = await request(t.app)
      .get('/api/moderation/notices')
      .set('X-Device-ID', alice.deviceId);
    expect(told.body).toMatchObject([{ visibility: 'removed', reason: 'spam' }]);

    const audit = await request(t.app)
      .get(`/api/admin/audit?target=${a.responseId}`)
      .set('Authorization', auth);
    expect(
      (audit.body as { action: string; admin: string; reason: string | null }[])
        .map((e) => [e.action, e.admin])
        .reverse(),
    ).toEqual([
      ['content.reported', 'member'],
      ['content.hidden', 'admin'],
      ['content.restored', 'admin'],
      ['content.reported', 'member'],
      ['content.dismissed', 'admin'],
      ['content.reported', 'member'],
      ['content.removed', 'admin'],
    ]);
    const hideEntry = (audit.body as { action: string; before: unknown; after: unknown }[]).find(
      (e) => e.action === 'content.hidden',
    );
    expect(hideEntry).toMatchObject({
      before: { visibility: 'visible', openReports: 1 },
      after: { visibility: 'hidden', note: 'Aimed at a member' },
    });
    const csv = await request(t.app)
      .get(`/api/admin/audit.csv?target=${a.responseId}`)
      .set('Authorization', auth);
    expect(csv.text).toContain('content.hidden');
    expect(csv.text).toContain('Aimed at a member');
  });

  it('refuses bad decisions with a 400 naming the field, unknown items with 404, members with 401', async () => {
    const { bob, a } = await discussion();
    await report(bob, { target: { kind: 'response', id: a.responseId }, reason: 'spam' });
    const auth = await adminToken();
    const id = `response-${a.responseId}`;
    const cases: [unknown, string][] = [
      [{}, 'action'],
      [{ action: 'delete' }, 'action'],
      [{ action: 'hide', note: 'x'.repeat(501) }, 'note'],
      [{ action: 'hide', extra: 1 }, 'extra'],
    ];
    for (const [body, field] of cases) {
      await expectRefusedWithoutEvents(t, () => resolve(auth, id, body), 400, field);
    }
    await expectRefusedWithoutEvents(
      t,
      () => resolve(auth, 'essay-x', { action: 'hide' }),
      400,
      'id',
    );
    await expectRefusedWithoutEvents(
      t,
      () => resolve(auth, 'response-never-reported', { action: 'hide' }),
      404,
    );
    await expectRefusedWithoutEvents(
      t,
      () =>
        request(t.app)
          .post(`/api/admin/reports/${id}/resolve`)
          .set('X-Device-ID', bob.deviceId)
          .send({ action: 'hide' }),
      401,
    );
  });

  it('hides a reply from the thread and its count, and shows it to its author with why', async () => {
    const { alice, bob, carol, a } = await discussion();
    const replyId = await reply(bob, a.responseId, 'Nobody asked for your opinion.');
    await reply(carol, a.responseId, 'A fair point, I think.');
    await report(alice, { target: { kind: 'reply', id: replyId }, reason: 'harassment' });
    const auth = await adminToken();
    await resolve(auth, `reply-${replyId}`, { action: 'hide' });
    await t.settled();
    const thread = (person: Person) =>
      request(t.app).get(`/api/replies/${a.responseId}`).set('X-Device-ID', person.deviceId);
    const asCarol = await thread(carol);
    expect(asCarol.body.map((r: { id: string }) => r.id)).not.toContain(replyId);
    expect(asCarol.headers['x-total-count']).toBe('1');
    const asBob = await thread(bob);
    expect(asBob.body.find((r: { id: string }) => r.id === replyId)).toMatchObject({
      isOwn: true,
      moderation: { visibility: 'hidden', reason: 'harassment' },
    });
    const answerAsCarol = (await listFor(carol, a.questionId)).body.find(
      (r: { id: string }) => r.id === a.responseId,
    );
    expect(answerAsCarol.replyCount).toBe(1);
  });

  it('reports a live-chat message and shows its words (unsealed) to the admin', async () => {
    const [ana, ben] = [await t.register(), await t.register()];
    const ctx = t.ctx;
    await t.settled();
    const registered = (await t.allEvents()).find(
      (e) =>
        e.type === 'DeviceRegistered' &&
        (e.data as { pseudonym: string }).pseudonym === ana.pseudonym,
    )!;
    const personId = (registered.data as { userId: string }).userId;
    const { events } = await handle(ctx, chatters(ctx.dayRules), {
      type: 'PostLiveChatMessage',
      messageId: 'chat-message-1',
      personId,
      pseudonym: ana.pseudonym,
      archetype: null,
      content: await seal(t.vault, personId, 'Everyone here should just leave.'),
      at: ctx.clock.now(),
    });
    expect(events).toHaveLength(1);
    await t.settled();
    const res = await report(ben, {
      target: { kind: 'chat', id: 'chat-message-1' },
      reason: 'spam',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    await expectRefusedWithoutEvents(
      t,
      () => report(ana, { target: { kind: 'chat', id: 'chat-message-1' }, reason: 'spam' }),
      403,
    );
    const items = await queue(await adminToken());
    expect(items[0]).toMatchObject({
      target: { kind: 'chat', id: 'chat-message-1' },
      content: 'Everyone here should just leave.',
      author: ana.pseudonym,
      context: { question: null, inReplyTo: null },
    });
  });
});

describe('automatic holds by the analyzer', () => {
  const borderline = 'This whole thing is shit, total crap, and bullshit, but honesty matters.';

  it('holds a borderline answer and a borderline reply for review instead of publishing them', async () => {
    const { alice, bob, erin, a } = await discussion();
    const doubtful = await answer(await t.register(), borderline);
    const replyId = await reply(bob, a.responseId, `Honestly, ${borderline}`);
    const plainReply = await reply(erin, a.responseId, 'Two things are crap and shit here.');
    const ids = (await listFor(erin, a.questionId)).body.map((r: { id: string }) => r.id);
    expect(ids).not.toContain(doubtful.responseId);
    expect(ids).toContain(a.responseId);
    const thread = await request(t.app)
      .get(`/api/replies/${a.responseId}`)
      .set('X-Device-ID', alice.deviceId);
    expect(thread.body.map((r: { id: string }) => r.id)).toEqual([plainReply]);
    const items = await queue(await adminToken());
    expect(items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: `response-${doubtful.responseId}`,
          heldBy: 'analyzer',
          reportCount: 0,
          visibility: 'held',
          scores: expect.objectContaining({ civility: 0.55 }),
        }),
        expect.objectContaining({ id: `reply-${replyId}`, heldBy: 'analyzer' }),
      ]),
    );
    const audit = await request(t.app)
      .get(`/api/admin/audit?action=content.held`)
      .set('Authorization', await adminToken());
    expect(audit.body.map((e: { admin: string }) => e.admin)).toEqual(['analyzer', 'analyzer']);
  });

  it('takes an erased author’s items out of the queue, and a reporter’s words out of it', async () => {
    const { alice, bob, a } = await discussion();
    await report(bob, {
      target: { kind: 'response', id: a.responseId },
      reason: 'other',
      text: 'Words of mine',
    });
    const auth = await adminToken();
    expect((await queue(auth)).map((item) => item.notes)).toEqual([['Words of mine']]);
    const erased = await request(t.app)
      .delete('/api/user/data')
      .set('X-Device-ID', bob.deviceId)
      .send({ confirm: true });
    expect(erased.status, JSON.stringify(erased.body)).toBeLessThan(300);
    expect((await queue(auth)).map((item) => item.notes)).toEqual([[]]);
    await request(t.app)
      .delete('/api/user/data')
      .set('X-Device-ID', alice.deviceId)
      .send({ confirm: true });
    expect(await queue(auth)).toEqual([]);
  });
});
