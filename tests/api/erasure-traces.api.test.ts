import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultReminderSettings } from '../../domain/contracts/reminders';
import { hashDeviceId } from '../../infra/crypto';
import { startTestApp, testAdmin, type TestApp } from '../support/test-app';

/**
 * Free text a person writes anywhere is sealed with their key, and an erasure takes it from
 * every reader, their own and others': custom reminder titles, brainstorm ideas (and admins'
 * edits of them), submitted questions (and their reviews), and the @-mentions of their name
 * in other people's replies.
 */
let t: TestApp;
beforeEach(async () => {
  t = await startTestApp({ now: new Date('2026-11-22T15:00:00Z') });
});
afterEach(async () => {
  await t.close();
});

const TITLE = 'Phone my sister about the letter';
const IDEA = 'Should anyone read a letter that was never sent to them?';
const IDEA_EDITED = 'Should anyone ever read a letter that was never sent?';
const SUBMISSION = 'Is it fair to keep a secret for a friend forever?';
const SUBMISSION_EDITED = 'Is it fair to keep a friend’s secret forever?';
const BOARD_IDEA = 'Should the board keep its own ideas in plain sight?';

type Person = { deviceId: string; pseudonym: string };

const as = (person: Person) => ({
  post: (path: string, body: object) =>
    request(t.app).post(path).set('X-Device-ID', person.deviceId).send(body),
  put: (path: string, body: object) =>
    request(t.app).put(path).set('X-Device-ID', person.deviceId).send(body),
  get: (path: string) => request(t.app).get(path).set('X-Device-ID', person.deviceId),
});

const adminToken = async () => {
  const res = await request(t.app).post('/api/admin/login').send(testAdmin);
  expect(res.status).toBe(200);
  return `Bearer ${res.body.token as string}`;
};

const personIdOf = async (person: Person) => {
  const registered = (await t.rawEvents()).find(
    (e) =>
      e.type === 'DeviceRegistered' &&
      (e.data as { deviceHash: string }).deviceHash === hashDeviceId(person.deviceId),
  );
  return (registered!.data as { userId: string }).userId;
};

const sealedKeysIn = (data: unknown): string[] => {
  if (typeof data !== 'object' || data === null) return [];
  if ('ciphertext' in data && 'keyId' in data) return [(data as { keyId: string }).keyId];
  return Object.values(data).flatMap(sealedKeysIn);
};

/** Ann writes a custom reminder, an idea and a submission; an admin edits both and adds one. */
const annWritesEverywhere = async () => {
  const ann = await t.register();
  const admin = await adminToken();
  const settings = defaultReminderSettings('Europe/Berlin');
  const saved = await as(ann).put('/api/user/reminders', {
    ...settings,
    custom: [{ title: TITLE, enabled: true, time: '18:00', frequency: 'daily' }],
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const idea = await as(ann).post('/api/brainstorm', { content: IDEA });
  expect(idea.status, JSON.stringify(idea.body)).toBe(201);
  const submission = await as(ann).post('/api/submissions', { content: SUBMISSION });
  expect(submission.status, JSON.stringify(submission.body)).toBe(201);
  await t.settled();
  const edited = await request(t.app)
    .patch(`/api/brainstorm/${idea.body.id as string}`)
    .set('Authorization', admin)
    .send({ content: IDEA_EDITED, notes: 'Shorter reads better' });
  expect(edited.status, JSON.stringify(edited.body)).toBe(200);
  const reviewed = await request(t.app)
    .put(`/api/admin/submissions/${submission.body.id as string}`)
    .set('Authorization', admin)
    .send({ status: 'approved', content: SUBMISSION_EDITED, adminNotes: 'Good one' });
  expect(reviewed.status, JSON.stringify(reviewed.body)).toBe(200);
  const board = await request(t.app)
    .post('/api/admin/brainstorm')
    .set('Authorization', admin)
    .send({ content: BOARD_IDEA });
  expect(board.status, JSON.stringify(board.body)).toBe(201);
  await t.settled();
  return { ann, admin, ideaId: idea.body.id as string, submissionId: submission.body.id as string };
};

describe('a person’s words outside answers and replies', () => {
  it('are sealed with their key: the log never holds them', async () => {
    const { ann } = await annWritesEverywhere();
    const annId = await personIdOf(ann);
    const raw = await t.rawEvents();
    const text = JSON.stringify(raw.map((e) => e.data));
    for (const written of [TITLE, IDEA, IDEA_EDITED, SUBMISSION, SUBMISSION_EDITED, 'Good one']) {
      expect(text).not.toContain(written);
    }
    for (const type of [
      'ReminderSettingsChanged',
      'SuggestionMade',
      'SuggestionEdited',
      'SubmissionSent',
      'SubmissionReviewed',
    ]) {
      const written = raw.filter((e) => e.type === type && sealedKeysIn(e.data).length > 0);
      expect(
        written.map((e) => sealedKeysIn(e.data)),
        type,
      ).toEqual([expect.arrayContaining([annId])]);
      expect(written[0]!.metadata.v, type).toBe(2);
    }
    // An admin's own idea is nobody's to erase: written as it is.
    expect(text).toContain(BOARD_IDEA);
  });

  it('leave every reader once they erase their data, and the admins can no longer use them', async () => {
    const { ann, admin, submissionId } = await annWritesEverywhere();
    const erased = await request(t.app)
      .delete('/api/user/data')
      .set('X-Device-ID', ann.deviceId)
      .send({ confirm: true });
    expect(erased.status).toBe(200);
    await t.settled();

    const opened = JSON.stringify((await t.allEvents()).map((e) => e.data));
    for (const written of [TITLE, IDEA, IDEA_EDITED, SUBMISSION, SUBMISSION_EDITED, 'Good one']) {
      expect(opened).not.toContain(written);
    }
    const board = await request(t.app).get('/api/admin/brainstorm').set('Authorization', admin);
    expect(board.body.map((i: { content: string }) => i.content)).toEqual([BOARD_IDEA]);
    const queue = await request(t.app).get('/api/admin/submissions').set('Authorization', admin);
    expect(queue.body).toEqual([]);
    const audit = await request(t.app).get('/api/admin/audit').set('Authorization', admin);
    expect(audit.status).toBe(200);
    expect(JSON.stringify(audit.body)).not.toMatch(/letter that|secret/);
    const convert = await request(t.app)
      .post(`/api/admin/submissions/${submissionId}/convert`)
      .set('Authorization', admin);
    expect(convert.status).toBe(404);
  });
});

describe('others’ replies that mention an erased person', () => {
  it('no longer name them, in the thread and in their authors’ exports', async () => {
    const [ann, bob, cid] = [await t.register(), await t.register(), await t.register()];
    const q = await t.todaysQuestion();
    const answers: Record<string, string> = {};
    for (const [who, words] of [
      [ann, 'Honesty first, even when it costs a friend.'],
      [cid, 'Loyalty matters more than a small truth.'],
    ] as const) {
      const res = await as(who).post('/api/responses', { content: words, questionId: q.id });
      expect(res.status).toBe(201);
      answers[who.deviceId] = res.body.id as string;
    }
    await as(bob).post('/api/responses', {
      content: 'Both, depending on the harm.',
      questionId: q.id,
    });
    const toAnn = await as(bob).post('/api/replies', {
      content: 'I see it differently.',
      responseId: answers[ann.deviceId],
    });
    expect(toAnn.status, JSON.stringify(toAnn.body)).toBe(201);
    expect(toAnn.body.reply.content).toBe(`@${ann.pseudonym} I see it differently.`);
    const toCid = await as(bob).post('/api/replies', {
      content: `Unlike @${ann.pseudonym}, I agree with you.`,
      responseId: answers[cid.deviceId],
    });
    expect(toCid.status).toBe(201);
    await t.settled();

    const erased = await request(t.app)
      .delete('/api/user/data')
      .set('X-Device-ID', ann.deviceId)
      .send({ confirm: true });
    expect(erased.status).toBe(200);
    await t.settled();

    const thread = await as(cid).get(`/api/replies/${answers[cid.deviceId]!}`);
    expect(thread.body.map((r: { content: string }) => r.content)).toEqual([
      `@${cid.pseudonym} Unlike @Anonymous, I agree with you.`,
    ]);
    const bobsExport = await as(bob).get('/api/user/export');
    expect(bobsExport.text).not.toContain(ann.pseudonym);
    expect(JSON.parse(bobsExport.text).replies.map((r: { content: string }) => r.content)).toEqual(
      expect.arrayContaining([
        '@Anonymous I see it differently.',
        `@${cid.pseudonym} Unlike @Anonymous, I agree with you.`,
      ]),
    );
  });
});
