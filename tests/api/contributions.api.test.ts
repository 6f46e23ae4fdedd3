import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CONTRIBUTIONS_PER_PERSON } from '../../api/routes/contributions';
import { signUpVerified } from '../support/accounts';
import { expectRefusedWithoutEvents } from '../support/refusals';
import { newDeviceId, startTestApp, testAdmin, words, type TestApp } from '../support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await startTestApp();
});
afterEach(async () => {
  await t.close();
});

const idea = 'Should cities ban cars from their centres on weekends?';

const adminToken = async () => {
  const res = await request(t.app).post('/api/admin/login').send(testAdmin);
  expect(res.status).toBe(200);
  return `Bearer ${res.body.token as string}`;
};

const suggest = (deviceId: string, body: object) =>
  request(t.app).post('/api/brainstorm').set('X-Device-ID', deviceId).send(body);
const submit = (deviceId: string, body: object) =>
  request(t.app).post('/api/submissions').set('X-Device-ID', deviceId).send(body);

describe('a person suggests a question on /brainstorm', () => {
  it('records it as theirs and counts it, without showing who wrote it to anyone', async () => {
    const alice = await t.register(newDeviceId(), 'Calm Owl');
    const bob = await t.register(newDeviceId(), 'Brave Fox');
    const made = await suggest(alice.deviceId, {
      content: idea,
      category: 'Ethics & Morality',
      createdBy: 'made-up-by-the-browser',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);

    const mine = await request(t.app)
      .get('/api/brainstorm')
      .set('X-Device-ID', alice.deviceId)
      .set('X-Min-Position', made.body.position);
    expect(mine.body).toEqual({
      totalSuggestions: 1,
      questionsUsed: 0,
      underReview: 1,
      mine: [
        {
          id: made.body.id,
          content: idea,
          category: 'Ethics & Morality',
          status: 'pending',
          dateAdded: expect.any(String),
        },
      ],
    });
    const theirs = await request(t.app).get('/api/brainstorm').set('X-Device-ID', bob.deviceId);
    expect(theirs.body).toMatchObject({ totalSuggestions: 1, underReview: 1, mine: [] });
    const event = (await t.allEvents()).find((e) => e.type === 'SuggestionMade')!;
    expect(event.data).toMatchObject({ authorName: 'Calm Owl', addedBy: null });
    expect(JSON.stringify(event.data)).not.toContain('made-up-by-the-browser');
  });

  it("refuses the spec's faults and malformed bodies, appending nothing", async () => {
    const { deviceId } = await t.register();
    for (const [body, status, field] of [
      [{ content: '' }, 400, 'content'],
      [{ content: 'Is it fair?' }, 400, 'content'],
      [{ content: words(101) }, 400, 'content'],
      [{ content: idea, category: 'Sports' }, 400, 'category'],
      [{ content: 42 }, 400, 'content'],
      [{ content: idea, status: 'approved' }, 400, 'status'],
    ] as const) {
      await expectRefusedWithoutEvents(t, () => suggest(deviceId, body), status, field);
    }
    const short = await suggest(deviceId, { content: 'Is it fair?' });
    expect(short.body.title).toBe('Question too short');
  });

  it('asks for a registered device', async () => {
    await expectRefusedWithoutEvents(
      t,
      () => request(t.app).post('/api/brainstorm').send({ content: idea }),
      400,
    );
    await expectRefusedWithoutEvents(t, () => suggest(newDeviceId(), { content: idea }), 403);
  });

  it('stops a flood at the hourly quota', async () => {
    const { deviceId } = await t.register();
    for (let i = 0; i < CONTRIBUTIONS_PER_PERSON.max; i++) {
      expect((await suggest(deviceId, { content: `${idea} ${i}` })).status).toBe(201);
    }
    await expectRefusedWithoutEvents(t, () => submit(deviceId, { content: idea }), 429);
  });
});

describe('a person submits a question on /submit-question', () => {
  it('records it with their pseudonym for the admins', async () => {
    const { deviceId } = await t.register(newDeviceId(), 'Calm Owl');
    const sent = await submit(deviceId, { content: idea });
    expect(sent.status).toBe(201);
    const list = await request(t.app)
      .get('/api/admin/submissions')
      .set('Authorization', await adminToken())
      .set('X-Min-Position', sent.body.position);
    expect(list.body).toEqual([
      {
        id: sent.body.id,
        content: idea,
        status: 'pending',
        adminNotes: null,
        submitterName: 'Calm Owl',
        dateSubmitted: expect.any(String),
        questionId: null,
      },
    ]);
    expect(JSON.stringify(list.body)).not.toContain(deviceId);
  });

  it("refuses the spec's faults in the spec's words", async () => {
    const { deviceId } = await t.register();
    for (const [content, detail] of [
      ['   ', 'Please enter a question'],
      ['Too short', 'Question must be at least 10 characters long'],
      [words(31), 'Question must be 30 words or less'],
    ]) {
      const res = await expectRefusedWithoutEvents(t, () => submit(deviceId, { content }), 400);
      expect(res.body.detail).toBe(detail);
    }
  });
});

describe('admins moderate', () => {
  const setUp = async () => {
    const person = await t.register(newDeviceId(), 'Calm Owl');
    const idea1 = await suggest(person.deviceId, { content: idea });
    const sub = await submit(person.deviceId, { content: idea });
    return { person, ideaId: idea1.body.id as string, submissionId: sub.body.id as string };
  };

  it('approves and rejects ideas with a reason, named in the events', async () => {
    const { ideaId } = await setUp();
    const auth = await adminToken();
    const approve = await request(t.app)
      .patch(`/api/brainstorm/${ideaId}`)
      .set('Authorization', auth)
      .send({ status: 'approved', reason: 'Timely and open' });
    expect(approve.status, JSON.stringify(approve.body)).toBe(200);
    const board = await request(t.app)
      .get('/api/admin/brainstorm')
      .set('Authorization', auth)
      .set('X-Min-Position', approve.body.position);
    expect(board.body).toEqual([
      expect.objectContaining({ id: ideaId, status: 'approved', createdBy: 'Calm Owl' }),
    ]);
    const reject = await request(t.app)
      .patch(`/api/brainstorm/${ideaId}`)
      .set('Authorization', auth)
      .send({ status: 'rejected', reason: 'Asked last month' });
    const decisions = (await t.allEvents()).filter((e) =>
      ['SuggestionApproved', 'SuggestionRejected'].includes(e.type),
    );
    expect(decisions.map((e) => [e.type, e.data])).toEqual([
      [
        'SuggestionApproved',
        expect.objectContaining({ reason: 'Timely and open', by: 'admin', previous: 'pending' }),
      ],
      [
        'SuggestionRejected',
        expect.objectContaining({ reason: 'Asked last month', by: 'admin', previous: 'approved' }),
      ],
    ]);
    const after = await request(t.app)
      .get('/api/admin/brainstorm')
      .set('Authorization', auth)
      .set('X-Min-Position', reject.body.position);
    expect(after.body).toEqual([]);
  });

  it('votes once per admin, promotes approved ideas once, edits and deletes', async () => {
    const { ideaId } = await setUp();
    const auth = await adminToken();
    const call = (method: 'post' | 'patch' | 'delete', path: string, body: object = {}) =>
      request(t.app)[method](path).set('Authorization', auth).send(body);
    expect((await call('post', `/api/brainstorm/${ideaId}/vote`, { voteType: 'up' })).status).toBe(
      200,
    );
    const again = await call('post', `/api/brainstorm/${ideaId}/vote`, { voteType: 'up' });
    const board = await request(t.app)
      .get('/api/admin/brainstorm')
      .set('Authorization', auth)
      .set('X-Min-Position', again.body.position ?? '0');
    expect(board.body[0]).toMatchObject({ votes: 1, userVote: 'up', promoted: false });
    const refused = await expectRefusedWithoutEvents(
      t,
      () => call('post', `/api/brainstorm/${ideaId}/promote`),
      409,
    );
    expect(refused.body.detail).toBe('Only approved ideas can be promoted.');
    await call('patch', `/api/brainstorm/${ideaId}`, { status: 'approved' });
    expect((await call('post', `/api/brainstorm/${ideaId}/promote`)).status).toBe(200);
    await expectRefusedWithoutEvents(
      t,
      () => call('post', `/api/brainstorm/${ideaId}/promote`),
      409,
    );
    const edit = await call('patch', `/api/brainstorm/${ideaId}`, { content: 'Why or why not?' });
    expect((await t.allEvents()).at(-1)).toMatchObject({
      type: 'SuggestionEdited',
      data: { before: { content: idea }, after: { content: 'Why or why not?' }, by: 'admin' },
    });
    expect(edit.status).toBe(200);
    expect((await call('delete', `/api/brainstorm/${ideaId}`)).status).toBe(200);
    await expectRefusedWithoutEvents(t, () => call('delete', `/api/brainstorm/${ideaId}`), 404);
  });

  it('adds an idea to the board, refusing a blank one', async () => {
    const auth = await adminToken();
    const add = (body: object) =>
      request(t.app).post('/api/admin/brainstorm').set('Authorization', auth).send(body);
    const res = await expectRefusedWithoutEvents(t, () => add({ content: '  ' }), 400, 'content');
    expect(res.body.detail).toBe('Please enter an idea before submitting.');
    const made = await add({ content: 'Privacy', category: 'cultural', notes: 'for Monday' });
    expect(made.status).toBe(201);
    const board = await request(t.app)
      .get('/api/admin/brainstorm')
      .set('Authorization', auth)
      .set('X-Min-Position', made.body.position);
    expect(board.body[0]).toMatchObject({ content: 'Privacy', createdBy: 'admin' });
  });

  it('reviews a submission (status, notes, content) and filters by status', async () => {
    const { submissionId } = await setUp();
    const auth = await adminToken();
    const review = await request(t.app)
      .put(`/api/admin/submissions/${submissionId}`)
      .set('Authorization', auth)
      .send({ status: 'rejected', adminNotes: 'Off topic' });
    expect(review.status).toBe(200);
    expect((await t.allEvents()).at(-1)).toMatchObject({
      type: 'SubmissionReviewed',
      data: {
        before: { status: 'pending', adminNotes: null },
        after: { status: 'rejected', adminNotes: 'Off topic' },
        by: 'admin',
      },
    });
    const list = (status: string) =>
      request(t.app)
        .get(`/api/admin/submissions?status=${status}`)
        .set('Authorization', auth)
        .set('X-Min-Position', review.body.position);
    expect((await list('rejected')).body).toHaveLength(1);
    expect((await list('pending')).body).toHaveLength(0);
    await expectRefusedWithoutEvents(t, () => list('lost'), 400, 'status');
    await expectRefusedWithoutEvents(
      t,
      () =>
        request(t.app)
          .put(`/api/admin/submissions/${submissionId}`)
          .set('Authorization', auth)
          .send({ content: 'short' }),
      400,
      'content',
    );
    await expectRefusedWithoutEvents(
      t,
      () =>
        request(t.app)
          .put(`/api/admin/submissions/${submissionId}`)
          .set('Authorization', auth)
          .send({}),
      400,
    );
    expect(
      (
        await request(t.app)
          .delete(`/api/admin/submissions/${submissionId}`)
          .set('Authorization', auth)
      ).status,
    ).toBe(200);
  });

  it('refuses unknown and malformed ids with nothing appended', async () => {
    const auth = await adminToken();
    await expectRefusedWithoutEvents(
      t,
      () =>
        request(t.app)
          .patch('/api/brainstorm/no-such-idea')
          .set('Authorization', auth)
          .send({ status: 'approved' }),
      404,
    );
    await expectRefusedWithoutEvents(
      t,
      () =>
        request(t.app)
          .put('/api/admin/submissions/..%2Fsession')
          .set('Authorization', auth)
          .send({ status: 'approved' }),
      400,
      'id',
    );
  });

  it('refuses every moderation route to people, members and strangers, appending nothing', async () => {
    const { person, ideaId, submissionId } = await setUp();
    const member = await signUpVerified(t, 'ada@example.org');
    const routes: [
      method: 'get' | 'post' | 'patch' | 'put' | 'delete',
      path: string,
      body?: object,
    ][] = [
      ['get', '/api/admin/brainstorm'],
      ['post', '/api/admin/brainstorm', { content: 'Privacy' }],
      ['patch', `/api/brainstorm/${ideaId}`, { status: 'approved', reason: 'ok' }],
      ['delete', `/api/brainstorm/${ideaId}`],
      ['post', `/api/brainstorm/${ideaId}/promote`],
      ['post', `/api/brainstorm/${ideaId}/vote`, { voteType: 'up' }],
      ['get', '/api/admin/submissions'],
      ['put', `/api/admin/submissions/${submissionId}`, { status: 'approved' }],
      ['delete', `/api/admin/submissions/${submissionId}`],
    ];
    for (const [method, path, body] of routes) {
      for (const auth of [undefined, 'Bearer junk', `Bearer ${member.access_token}`]) {
        await expectRefusedWithoutEvents(
          t,
          () => {
            const req = request(t.app)[method](path).set('X-Device-ID', person.deviceId);
            if (auth) req.set('Authorization', auth);
            return body ? req.send(body) : req;
          },
          401,
        );
      }
    }
  });
});
