import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultNotificationSettings } from '../../domain/contracts/notifications';
import { defaultReminderSettings } from '../../domain/contracts/reminders';
import { hashDeviceId } from '../../infra/crypto';
import { signIn, signUpVerified } from '../support/accounts';
import { expectRefusedWithoutEvents } from '../support/refusals';
import { newDeviceId, startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await startTestApp({ now: new Date('2026-11-22T15:00:00Z') });
});
afterEach(async () => {
  await t.close();
});

type Person = { deviceId: string; pseudonym: string };

const ANN_ANSWER = 'Honesty first, even when it costs me a friend.';
const ANN_SECRET = 'I never told anyone about the letter.';
const BOB_ANSWER = 'Loyalty matters more than a small truth.';
const BOB_SECRET = 'Bob keeps this to himself.';

const as = (person: Person) => ({
  post: (path: string, body: object) =>
    request(t.app).post(path).set('X-Device-ID', person.deviceId).send(body),
  get: (path: string, position?: string) => {
    const req = request(t.app).get(path).set('X-Device-ID', person.deviceId);
    return position ? req.set('X-Min-Position', position) : req;
  },
  erase: (body: unknown = { confirm: true }) =>
    request(t.app)
      .delete('/api/user/data')
      .set('X-Device-ID', person.deviceId)
      .send(body as object),
});

const answer = async (person: Person, content: string) => {
  const q = await t.todaysQuestion();
  const res = await as(person).post('/api/responses', { content, questionId: q.id });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { questionId: q.id, responseId: res.body.id as string };
};

/** Ann and Bob both answered, wrote in their journals, replied to and echoed each other. */
const twoPeopleTalking = async () => {
  const [ann, bob] = [await t.register(), await t.register()];
  const annAnswer = await answer(ann, ANN_ANSWER);
  const bobAnswer = await answer(bob, BOB_ANSWER);
  await as(ann).post('/api/journal', { content: ANN_SECRET, mood: 'quiet', tags: ['letters'] });
  await as(bob).post('/api/journal', { content: BOB_SECRET });
  await as(ann).post('/api/replies', {
    content: 'Ann replies here.',
    responseId: bobAnswer.responseId,
  });
  await as(bob).post('/api/replies', {
    content: 'Bob replies here.',
    responseId: annAnswer.responseId,
  });
  await as(ann).post(`/api/responses/${bobAnswer.responseId}/echo`, {});
  await t.settled();
  return { ann, bob, annAnswer, bobAnswer };
};

describe('GET /api/user/export', () => {
  it('downloads everything Boon holds about the caller, and nothing of anyone else', async () => {
    const { ann, bob, bobAnswer } = await twoPeopleTalking();
    const res = await as(ann).get('/api/user/export');
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="?boon-data-2026-11-22\.json/,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const data = JSON.parse(res.text);
    expect(data.profile).toMatchObject({ pseudonym: ann.pseudonym });
    expect(data.settings).toEqual({
      showActivity: true,
      notifications: defaultNotificationSettings(),
      reminders: null,
      pushDevices: 0,
    });
    expect(data.responses.map((r: { content: string }) => r.content)).toEqual([ANN_ANSWER]);
    expect(data.replies.map((r: { content: string }) => r.content)).toEqual([
      `@${bob.pseudonym} Ann replies here.`,
    ]);
    expect(data.echoesGiven).toEqual([{ responseId: bobAnswer.responseId }]);
    expect(data.journal).toMatchObject([{ content: ANN_SECRET, mood: 'quiet', tags: ['letters'] }]);
    expect(data.streak).toMatchObject({ current: 1, totalResponses: 1 });
    expect(Array.isArray(data.badges)).toBe(true);
    expect(Array.isArray(data.agreements)).toBe(true);
    expect(res.text).not.toContain(BOB_ANSWER);
    expect(res.text).not.toContain(BOB_SECRET);
    expect(res.text).not.toContain('Bob replies here.');
    expect(res.text).not.toContain(bob.deviceId);
    expect(res.text).not.toContain(ann.deviceId);
  });

  it('holds the caller’s notification and reminder settings, and not another person’s', async () => {
    const { ann, bob } = await twoPeopleTalking();
    const notices = await request(t.app)
      .put('/api/user/notification-settings')
      .set('X-Device-ID', ann.deviceId)
      .send({ muted: ['echo', 'badge'], lockScreen: 'private' });
    expect(notices.status).toBe(200);
    const reminders = {
      ...defaultReminderSettings('Europe/Berlin'),
      custom: [
        {
          title: 'Ann’s own quiet hour',
          enabled: true,
          time: '21:15',
          frequency: 'daily',
          weekday: null,
        },
      ],
    };
    const saved = await request(t.app)
      .put('/api/user/reminders')
      .set('X-Device-ID', ann.deviceId)
      .send(reminders);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    await t.settled();
    const data = JSON.parse((await as(ann).get('/api/user/export')).text);
    expect(data.settings.notifications).toEqual({
      muted: ['echo', 'badge'],
      lockScreen: 'private',
    });
    expect(data.settings.reminders).toMatchObject({
      timeZone: 'Europe/Berlin',
      custom: [{ title: 'Ann’s own quiet hour', time: '21:15' }],
    });
    expect(data.settings.pushDevices).toBe(0);
    const bobs = await as(bob).get('/api/user/export');
    expect(bobs.text).not.toContain('Ann’s own quiet hour');
    expect(JSON.parse(bobs.text).settings.notifications).toEqual(defaultNotificationSettings());
  });

  it('gives the journal as Markdown', async () => {
    const { ann } = await twoPeopleTalking();
    const res = await as(ann).get('/api/user/export?format=markdown');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/markdown/);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="?boon-journal-2026-11-22\.md/,
    );
    expect(res.text).toContain(`# Journal of ${ann.pseudonym}`);
    expect(res.text).toContain('## 2026-11-22');
    expect(res.text).toContain('Mood: quiet');
    expect(res.text).toContain(ANN_SECRET);
    expect(res.text).not.toContain(BOB_SECRET);
  });

  it('holds nothing for a device that never registered', async () => {
    await twoPeopleTalking();
    const res = await as({ deviceId: newDeviceId(), pseudonym: '' }).get('/api/user/export');
    expect(res.status).toBe(200);
    const data = JSON.parse(res.text);
    expect(data).toMatchObject({ profile: null, responses: [], replies: [], journal: [] });
  });

  it('refuses a request without a device, or with an unknown format, appending nothing', async () => {
    const ann = await t.register();
    await expectRefusedWithoutEvents(
      t,
      () => request(t.app).get('/api/user/export'),
      400,
      'X-Device-ID',
    );
    await expectRefusedWithoutEvents(
      t,
      () => as(ann).get('/api/user/export?format=pdf'),
      400,
      'format',
    );
  });
});

/** The person a device registered as, read from the raw log (tests only). */
const personIdOf = async (person: Person) => {
  const registered = (await t.rawEvents()).find(
    (e) =>
      e.type === 'DeviceRegistered' &&
      (e.data as { deviceHash: string }).deviceHash === hashDeviceId(person.deviceId),
  );
  return (registered!.data as { userId: string }).userId;
};

type SealedField = { sealed: 1; keyId: string };
const sealedFieldsOf = (data: unknown): SealedField[] =>
  Object.values(data as Record<string, unknown>).filter(
    (v): v is SealedField => typeof v === 'object' && v !== null && 'ciphertext' in v,
  );

describe('answers and replies at rest', () => {
  it('are sealed with their author’s key: the log never holds their text', async () => {
    const { ann } = await twoPeopleTalking();
    const annId = await personIdOf(ann);
    const raw = await t.rawEvents();
    const text = JSON.stringify(raw.map((e) => e.data));
    for (const written of [ANN_ANSWER, BOB_ANSWER, 'Ann replies here.', 'Bob replies here.']) {
      expect(text).not.toContain(written);
    }
    const annsAnswer = raw.find(
      (e) => e.type === 'ResponseSubmitted' && (e.data as { authorId: string }).authorId === annId,
    )!;
    expect(sealedFieldsOf(annsAnswer.data)).toMatchObject([{ keyId: annId }]);
  });
});

describe('DELETE /api/user/data', () => {
  it('erases the person: their answers leave every reader, their key and pseudonym go', async () => {
    const { ann, bob, annAnswer, bobAnswer } = await twoPeopleTalking();
    const annId = await personIdOf(ann);
    const erased = await as(ann).erase();
    expect(erased.status, JSON.stringify(erased.body)).toBe(200);
    expect(erased.body.erased).toBe(true);
    const position = erased.body.position as string;

    const seenByBob = await as(bob).get(`/api/responses/${annAnswer.questionId}`, position);
    expect(seenByBob.status).toBe(200);
    expect(JSON.stringify(seenByBob.body)).not.toContain(ANN_ANSWER);
    expect(seenByBob.body.map((r: { content: string }) => r.content)).toEqual([BOB_ANSWER]);
    const replies = await as(bob).get(`/api/replies/${bobAnswer.responseId}`, position);
    expect(replies.body).toEqual([]);

    expect(await t.vault.find(annId)).toBeNull();
    const raw = await t.rawEvents();
    const annsSealed = raw.flatMap((e) => sealedFieldsOf(e.data)).filter((f) => f.keyId === annId);
    expect(annsSealed.length).toBeGreaterThan(0);
    const opened = await t.allEvents();
    const annsJournal = opened.filter(
      (e) =>
        e.type === 'JournalEntryWritten' && (e.data as { personId: string }).personId === annId,
    );
    expect(annsJournal.map((e) => (e.data as { content: unknown }).content)).toEqual([null]);
    expect(JSON.stringify(opened.map((e) => e.data))).not.toContain(ANN_SECRET);
    const annsWords = opened.filter(
      (e) =>
        ['ResponseSubmitted', 'ReplyPosted'].includes(e.type) &&
        (e.data as { authorId: string }).authorId === annId,
    );
    expect(annsWords.map((e) => e.type).sort()).toEqual(['ReplyPosted', 'ResponseSubmitted']);
    expect(annsWords.map((e) => (e.data as { content: unknown }).content)).toEqual([null, null]);
    expect(JSON.stringify(raw.map((e) => e.data))).not.toContain('Ann replies here.');

    const fresh = JSON.parse((await as(ann).get('/api/user/export', position)).text);
    expect(fresh).toMatchObject({ profile: null, responses: [], replies: [], journal: [] });
    const posting = await as(ann).post('/api/journal', { content: 'still me?' });
    expect(posting.status).toBe(403);

    const bobsOwn = JSON.parse((await as(bob).get('/api/user/export', position)).text);
    expect(bobsOwn.journal.map((j: { content: string }) => j.content)).toEqual([BOB_SECRET]);
    expect(bobsOwn.responses.map((r: { content: string }) => r.content)).toEqual([BOB_ANSWER]);

    // The pseudonym is free for someone else.
    await t.register(newDeviceId(), ann.pseudonym);
  });

  it('shreds a signed-in account’s email and password hash, and ends the session', async () => {
    const ann = await t.register();
    const session = await signUpVerified(t, 'ann@example.org', 'long enough pw', ann.deviceId);
    const linked = await request(t.app)
      .patch('/api/auth/user')
      .set('Authorization', `Bearer ${session.access_token}`)
      .set('X-Device-ID', ann.deviceId)
      .send({ data: { display_name: ann.pseudonym, confirmed: true } });
    expect(linked.status).toBe(200);
    const accountId = session.user.id;
    expect(await t.vault.find(accountId)).not.toBeNull();

    const erased = await as(ann).erase().set('Authorization', `Bearer ${session.access_token}`);
    expect(erased.body.erased).toBe(true);

    expect(await t.vault.find(accountId)).toBeNull();
    const signedUp = (await t.allEvents()).find((e) => e.type === 'AccountSignedUp')!;
    expect(
      sealedFieldsOf((await t.rawEvents()).find((e) => e.id === signedUp.id)!.data),
    ).toHaveLength(2);
    const stillIn = await request(t.app)
      .get('/api/auth/session')
      .set('Authorization', `Bearer ${session.access_token}`);
    expect(stillIn.status).toBe(401);
    expect((await signIn(t, 'ann@example.org', 'long enough pw')).status).toBe(401);
  });

  it('is harmless when asked again: the fresh device has nothing to erase', async () => {
    const ann = await t.register();
    await answer(ann, ANN_ANSWER);
    expect((await as(ann).erase()).body.erased).toBe(true);
    await t.settled();
    const before = (await t.allEvents()).length;
    const again = await as(ann).erase();
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ erased: false, position: null });
    expect((await t.allEvents()).length).toBe(before);
  });

  it('lets the device start again as a new person', async () => {
    const ann = await t.register();
    await answer(ann, ANN_ANSWER);
    const erased = await as(ann).erase();
    const again = await t.register(ann.deviceId);
    const data = JSON.parse((await as(again).get('/api/user/export', again.position)).text);
    expect(erased.body.erased).toBe(true);
    expect(data.profile.pseudonym).toBe(again.pseudonym);
    expect(data.responses).toEqual([]);
  });

  it('refuses anything but {"confirm": true}, naming confirm and erasing nothing', async () => {
    const ann = await t.register();
    await answer(ann, ANN_ANSWER);
    await as(ann).post('/api/journal', { content: ANN_SECRET });
    for (const body of [{}, { confirm: false }, { confirm: 'true' }, { confirm: 1 }]) {
      await expectRefusedWithoutEvents(t, () => as(ann).erase(body), 400, 'confirm');
    }
    await expectRefusedWithoutEvents(
      t,
      () => as(ann).erase({ confirm: true, personId: 'someone' }),
      400,
    );
    await expectRefusedWithoutEvents(t, () => as(ann).erase([true]), 400);
    await expectRefusedWithoutEvents(
      t,
      () => request(t.app).delete('/api/user/data').send({ confirm: true }),
      400,
      'X-Device-ID',
    );
    expect(await t.vault.find(await personIdOf(ann))).not.toBeNull();
  });
});
