import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signUpVerified } from '../support/accounts';
import { expectRefusedWithoutEvents } from '../support/refusals';
import { newDeviceId, startTestApp, testAdmin, type TestApp } from '../support/test-app';

let t: TestApp;
let auth: string;
/** Signs the admin in (again, once the clock has moved past the token's 12 hours). */
const signIn = async () => {
  const login = await request(t.app).post('/api/admin/login').send(testAdmin);
  auth = `Bearer ${login.body.token as string}`;
};
beforeEach(async () => {
  t = await startTestApp();
  await signIn();
});
afterEach(async () => {
  await t.close();
});

// The test app's product day is 2026-11-22.
const tomorrow = '2026-11-23';
const text = 'Should cities ban cars from their centres on weekends?';

const as = (method: 'get' | 'post' | 'put' | 'patch' | 'delete', path: string, body?: object) => {
  const req = request(t.app)[method](path).set('Authorization', auth);
  return body ? req.send(body) : req;
};

const personSends = async (path: '/api/submissions' | '/api/brainstorm') => {
  const person = await t.register(newDeviceId(), 'Calm Owl');
  const res = await request(t.app)
    .post(path)
    .set('X-Device-ID', person.deviceId)
    .send({ content: text });
  expect(res.status).toBe(201);
  return { person, id: res.body.id as string };
};

const approvedSubmission = async () => {
  const sent = await personSends('/api/submissions');
  expect(
    (await as('put', `/api/admin/submissions/${sent.id}`, { status: 'approved' })).status,
  ).toBe(200);
  return sent;
};

const submissionsList = async () => {
  await t.settled();
  return (await as('get', '/api/admin/submissions')).body as {
    id: string;
    status: string;
    questionId: number | null;
    question: { id: number; status: string; day: string | null } | null;
  }[];
};

/** What the submission's row says its question is now. */
const questionOf = async (id: string) =>
  (await submissionsList()).find((s) => s.id === id)?.question;

/** The badge for a contribution that became a question, as awarded. */
/** Who holds Community Voice: it comes only when a contributed question is asked on its day. */
const communityVoiceBadges = async () => {
  await t.settled();
  return (await t.allEvents())
    .filter(
      (e) =>
        e.type === 'BadgeEarned' && (e.data as { badgeId: string }).badgeId === 'community-voice',
    )
    .map((e) => (e.data as { personId: string }).personId);
};

/** The person a contribution credits (its author, as the log names them). */
const creditedFor = async (contributionId: string) =>
  (await t.allEvents())
    .filter((e) => e.type === 'ContributionUsed')
    .map((e) => e.data as { contributionId: string; authorId: string })
    .find((d) => d.contributionId === contributionId)!.authorId;

describe('a used submission says what its question is now', () => {
  it('a draft, then scheduled, then deleted: never asked, so no Community Voice', async () => {
    const { id } = await approvedSubmission();
    const questionId = (await as('post', `/api/admin/submissions/${id}/convert`)).body
      .questionId as number;
    expect(await questionOf(id)).toEqual({ id: questionId, status: 'draft', day: null });
    expect(await communityVoiceBadges()).toEqual([]);
    await as('put', `/api/questions/${questionId}`, { scheduledFor: tomorrow });
    expect(await questionOf(id)).toEqual({ id: questionId, status: 'scheduled', day: tomorrow });
    expect(await communityVoiceBadges()).toEqual([]);
    expect((await as('delete', `/api/questions/${questionId}`)).status).toBe(200);
    expect(await questionOf(id)).toEqual({ id: questionId, status: 'deleted', day: null });
    // Its day comes and goes with another question.
    await t.newDay(new Date('2026-11-23T12:00:00Z'));
    expect(await communityVoiceBadges()).toEqual([]);
  });

  it('scheduled, then active on its day (Community Voice for its author), then archived', async () => {
    const { id } = await approvedSubmission();
    const questionId = (
      await as('post', `/api/admin/submissions/${id}/schedule`, { scheduledDate: tomorrow })
    ).body.questionId as number;
    expect(await questionOf(id)).toEqual({ id: questionId, status: 'scheduled', day: tomorrow });
    expect(await communityVoiceBadges()).toEqual([]);
    await t.newDay(new Date('2026-11-23T12:00:00Z'));
    await signIn();
    expect(await questionOf(id)).toEqual({ id: questionId, status: 'active', day: tomorrow });
    expect(await communityVoiceBadges()).toEqual([await creditedFor(id)]);
    await t.newDay(new Date('2026-11-24T12:00:00Z'));
    await signIn();
    expect(await questionOf(id)).toEqual({ id: questionId, status: 'archived', day: tomorrow });
  });

  it('says nothing of a question for a submission not used', async () => {
    const { id } = await approvedSubmission();
    expect((await submissionsList()).find((s) => s.id === id)).toMatchObject({
      questionId: null,
      question: null,
    });
  });
});

describe('an approved submission becomes a question', () => {
  it('converts to a draft question, marks the submission used and credits its author', async () => {
    const { id } = await approvedSubmission();
    const res = await as('post', `/api/admin/submissions/${id}/convert`);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const questionId = res.body.questionId as number;
    expect((await submissionsList()).find((s) => s.id === id)).toMatchObject({
      status: 'used',
      questionId,
    });
    const table = (await as('get', '/api/questions')).body as {
      id: number;
      status: string;
      category: string;
    }[];
    expect(table.find((q) => q.id === questionId)).toMatchObject({
      status: 'draft',
      category: 'General',
    });
    const credit = (await t.allEvents()).filter((e) => e.type === 'ContributionUsed');
    expect(credit.map((e) => e.data)).toEqual([
      expect.objectContaining({ contributionId: id, questionId }),
    ]);
    // A draft is not a question of the day: its author has no Community Voice yet.
    expect(await communityVoiceBadges()).toEqual([]);
    // The draft is scheduled for tomorrow by giving it a date.
    expect(
      (await as('put', `/api/questions/${questionId}`, { scheduledFor: tomorrow })).status,
    ).toBe(200);
    await t.settled();
    const planned = (await as('get', '/api/questions')).body as { id: number; status: string }[];
    expect(planned.find((q) => q.id === questionId)).toMatchObject({
      status: 'scheduled',
      scheduledFor: tomorrow,
    });
  });

  it('is scheduled for tomorrow and shown then with the community note', async () => {
    const { id } = await approvedSubmission();
    const res = await as('post', `/api/admin/submissions/${id}/schedule`, {
      scheduledDate: tomorrow,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    await t.newDay(new Date('2026-11-23T12:00:00Z'));
    await t.settled();
    expect(
      await request(t.app)
        .get('/api/question/today')
        .then((r) => r.body),
    ).toMatchObject({
      id: res.body.questionId,
      content: text,
      submissionId: id,
    });
  });

  it('is refused unless approved, in the spec’s words, and writes nothing', async () => {
    const { id } = await personSends('/api/submissions');
    const convert = await expectRefusedWithoutEvents(
      t,
      () => as('post', `/api/admin/submissions/${id}/convert`),
      409,
    );
    expect(convert.body.detail).toBe('Only approved submissions can be converted to questions');
    const schedule = await expectRefusedWithoutEvents(
      t,
      () => as('post', `/api/admin/submissions/${id}/schedule`, { scheduledDate: tomorrow }),
      409,
    );
    expect(schedule.body.detail).toBe('Only approved submissions can be scheduled');
  });

  it('refuses bad dates, a used or unknown submission, and writes nothing', async () => {
    const { id } = await approvedSubmission();
    for (const [body, field] of [
      [{}, 'scheduledDate'],
      [{ scheduledDate: 'soon' }, 'scheduledDate'],
      [{ scheduledDate: '2026-11-22' }, 'scheduledDate'],
    ] as const) {
      await expectRefusedWithoutEvents(
        t,
        () => as('post', `/api/admin/submissions/${id}/schedule`, body),
        400,
        field,
      );
    }
    expect((await as('post', `/api/admin/submissions/${id}/convert`)).status).toBe(201);
    await expectRefusedWithoutEvents(
      t,
      () => as('post', `/api/admin/submissions/${id}/convert`),
      409,
    );
    await expectRefusedWithoutEvents(
      t,
      () => as('post', '/api/admin/submissions/nope/convert'),
      404,
    );
    await expectRefusedWithoutEvents(
      t,
      () => as('post', '/api/admin/submissions/..%2Fx/convert'),
      400,
      'id',
    );
  });
});

describe('an idea used as today’s question', () => {
  it('becomes today’s question (General without a category), credited to its author', async () => {
    const { id } = await personSends('/api/brainstorm');
    const res = await as('post', `/api/brainstorm/${id}/use-today`);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    await t.settled();
    expect(await t.todaysQuestion()).toMatchObject({
      id: res.body.questionId,
      content: text,
      category: 'General',
      submissionId: id,
    });
    const board = (await as('get', '/api/admin/brainstorm')).body as {
      id: string;
      questionId: number;
    }[];
    expect(board.find((i) => i.id === id)?.questionId).toBe(res.body.questionId);
    expect(await communityVoiceBadges()).toEqual([await creditedFor(id)]);
    await expectRefusedWithoutEvents(t, () => as('post', `/api/brainstorm/${id}/use-today`), 409);
  });

  it('is refused once today’s question has answers, and writes nothing', async () => {
    const { id, person } = await personSends('/api/brainstorm');
    const q = await t.todaysQuestion();
    await request(t.app)
      .post('/api/responses')
      .set('X-Device-ID', person.deviceId)
      .send({ content: 'It depends on the neighbours.', questionId: q.id });
    await t.settled();
    const res = await expectRefusedWithoutEvents(
      t,
      () => as('post', `/api/brainstorm/${id}/use-today`),
      409,
    );
    expect(res.body.detail).toContain('Schedule this question for tomorrow');
  });
});

describe('admins only', () => {
  it('refuses no token and a member’s token', async () => {
    const { id } = await approvedSubmission();
    const member = await signUpVerified(t, 'ada@example.org');
    for (const [path, body] of [
      [`/api/admin/submissions/${id}/convert`, {}],
      [`/api/admin/submissions/${id}/schedule`, { scheduledDate: tomorrow }],
      [`/api/brainstorm/${id}/use-today`, {}],
    ] as const) {
      for (const bearer of [undefined, `Bearer ${member.access_token}`]) {
        await expectRefusedWithoutEvents(
          t,
          () => {
            const req = request(t.app).post(path);
            return (bearer ? req.set('Authorization', bearer) : req).send(body);
          },
          401,
        );
      }
    }
  });
});
