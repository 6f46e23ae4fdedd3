import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CONTRIBUTIONS_PER_PERSON } from '../../api/routes/contributions';
import { contributionsProjection } from '../../projections/contributions';
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
        question: null,
      },
    ]);
    expect(JSON.stringify(list.body)).not.toContain(deviceId);
  });

  it("holds each form to the spec's own rule, in its own words", async () => {
    const { deviceId } = await t.register();
    for (const [content, detail] of [
      ['   ', 'Please enter a question'],
      ['Why lie?', 'Question must be at least 10 characters long'],
      [words(31), 'Question must be 30 words or less'],
    ]) {
      const submitted = await expectRefusedWithoutEvents(
        t,
        () => submit(deviceId, { content }),
        400,
        'content',
      );
      expect(submitted.body.detail).toBe(detail);
    }
    for (const [content, detail] of [
      ['   ', 'Please write a question before submitting.'],
      ['Is lying okay now?', 'Please write at least 5 words for your question.'],
      [words(101), 'Please keep your question under 100 words.'],
    ]) {
      const suggested = await expectRefusedWithoutEvents(
        t,
        () => suggest(deviceId, { content }),
        400,
        'content',
      );
      expect(suggested.body.detail).toBe(detail);
    }
    // What the one shared 5-30 word rule refused: a short question submitted, a long idea.
    expect((await submit(deviceId, { content: 'Is lying okay now?' })).status).toBe(201);
    expect((await submit(deviceId, { content: words(30) })).status).toBe(201);
    expect((await suggest(deviceId, { content: words(39) })).status).toBe(201);
    expect((await suggest(deviceId, { content: words(100) })).status).toBe(201);
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

describe('the admin lists are paged', () => {
  const pageLink = (res: request.Response) =>
    /<([^>]+)>;\s*rel="next"/.exec(String(res.headers.link ?? ''))?.[1] ?? null;

  /** Every page of a list from its first, as the UI walks it: the ids in the order served. */
  const walk = async (auth: string, first: string) => {
    const ids: string[] = [];
    const totals = new Set<string>();
    for (let path: string | null = first; path !== null;) {
      const res = await request(t.app).get(path).set('Authorization', auth);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.length).toBeLessThanOrEqual(2);
      ids.push(...(res.body as { id: string }[]).map((item) => item.id));
      totals.add(String(res.headers['x-total-count']));
      path = pageLink(res);
    }
    return { ids, totals: [...totals] };
  };

  it('walks the board pending first, then approved, newest first, each idea once', async () => {
    const auth = await adminToken();
    const added: string[] = [];
    // Two ideas share each instant: the id settles their order.
    for (let i = 0; i < 7; i++) {
      t.setNow(new Date(Date.UTC(2026, 10, 2, 9, Math.floor(i / 2))));
      const res = await request(t.app)
        .post('/api/admin/brainstorm')
        .set('Authorization', auth)
        .send({ content: `${idea} Variant ${i}` });
      expect(res.status).toBe(201);
      added.push(res.body.id as string);
    }
    for (const id of [added[1], added[4], added[5]]) {
      const res = await request(t.app)
        .patch(`/api/brainstorm/${id}`)
        .set('Authorization', auth)
        .send({ status: 'approved' });
      expect(res.status).toBe(200);
    }
    await request(t.app).patch(`/api/brainstorm/${added[6]}`).set('Authorization', auth).send({
      status: 'rejected',
    });
    await t.settled();

    const docs = await t.readModels.of(contributionsProjection).suggestions.find({});
    const newestFirst = (status: string) =>
      docs
        .filter((doc) => doc.status === status)
        .sort((a, b) =>
          a.dateAdded === b.dateAdded
            ? b._id.localeCompare(a._id)
            : b.dateAdded.localeCompare(a.dateAdded),
        )
        .map((doc) => doc._id);
    const board = await walk(auth, '/api/admin/brainstorm?limit=2');
    expect(board.ids).toEqual([...newestFirst('pending'), ...newestFirst('approved')]);
    expect(board.ids).toHaveLength(6);
    expect(board.totals).toEqual(['6']);

    const approved = await walk(auth, '/api/admin/brainstorm?status=approved&limit=2');
    expect(approved.ids).toEqual(newestFirst('approved'));
    expect(approved.totals).toEqual(['3']);
    const counts = await request(t.app)
      .get('/api/admin/brainstorm/counts')
      .set('Authorization', auth);
    expect(counts.body).toEqual({ pending: 3, approved: 3 });

    // A page of one list is walked through its index, never a scan of the board.
    const ideas = t.readModels.of(contributionsProjection).suggestions;
    const plan = await ideas.explain(
      { status: 'pending', order: { $lt: '2026-11-02T09:02' } },
      { sort: { status: 1, order: -1 }, limit: 3 },
    );
    expect(plan.index).not.toBeNull();
    expect(plan.examined).toBeLessThanOrEqual(3);
  });

  it('walks submissions newest first, all or of one status', async () => {
    const auth = await adminToken();
    const people = [await t.register(), await t.register()];
    const sent: string[] = [];
    for (let i = 0; i < 5; i++) {
      t.setNow(new Date(Date.UTC(2026, 10, 2, 9, i)));
      const res = await submit(people[i % 2]!.deviceId, { content: `${idea} Variant ${i}` });
      expect(res.status).toBe(201);
      sent.push(res.body.id as string);
    }
    await request(t.app)
      .put(`/api/admin/submissions/${sent[1]}`)
      .set('Authorization', auth)
      .send({ status: 'approved' });
    await request(t.app)
      .put(`/api/admin/submissions/${sent[3]}`)
      .set('Authorization', auth)
      .send({ status: 'approved' });
    await t.settled();

    const all = await walk(auth, '/api/admin/submissions?limit=2');
    expect(all.ids).toEqual([...sent].reverse());
    expect(all.totals).toEqual(['5']);
    const approved = await walk(auth, '/api/admin/submissions?status=approved&limit=2');
    expect(approved.ids).toEqual([sent[3], sent[1]]);
    expect(approved.totals).toEqual(['2']);
    const pending = await walk(auth, '/api/admin/submissions?status=pending&limit=2');
    expect(pending.ids).toEqual([sent[4], sent[2], sent[0]]);
  });

  it('refuses a forged cursor, a cursor of another list and a bad limit, naming the field', async () => {
    const auth = await adminToken();
    for (let i = 0; i < 3; i++) {
      await request(t.app)
        .post('/api/admin/brainstorm')
        .set('Authorization', auth)
        .send({ content: `${idea} Variant ${i}` });
    }
    await t.settled();
    const first = await request(t.app)
      .get('/api/admin/brainstorm?limit=1')
      .set('Authorization', auth);
    const next = pageLink(first)!;
    expect(next).not.toBeNull();
    const cursor = new URL(next, 'http://boon').searchParams.get('cursor')!;
    for (const [path, field] of [
      [`/api/admin/brainstorm?status=approved&cursor=${cursor}`, 'cursor'],
      ['/api/admin/brainstorm?cursor=not-one-of-ours', 'cursor'],
      [`/api/admin/submissions?cursor=${cursor}`, 'cursor'],
      ['/api/admin/brainstorm?limit=0', 'limit'],
      ['/api/admin/submissions?limit=500', 'limit'],
      ['/api/admin/brainstorm?status=rejected', 'status'],
      ['/api/admin/submissions?sort=oldest', 'sort'],
    ] as const) {
      const res = await request(t.app).get(path).set('Authorization', auth);
      expect(res.status, path).toBe(400);
      expect(JSON.stringify(res.body), path).toContain(field);
    }
    const anonymous = await request(t.app).get('/api/admin/brainstorm/counts');
    expect(anonymous.status).toBe(401);
  });
});
