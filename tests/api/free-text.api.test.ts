import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectRefusedWithoutEvents } from '../support/refusals';
import { startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await startTestApp();
});
afterEach(async () => {
  await t.close();
});

const ZWSP = '\u200b';

const respond = (deviceId: string, questionId: number, content: string) =>
  request(t.app).post('/api/responses').set('X-Device-ID', deviceId).send({ content, questionId });

describe('text nobody can see is refused', () => {
  it.each([
    ['three zero-width spaces', `${ZWSP} ${ZWSP} ${ZWSP}`],
    ['words padded with joiners', `one \u200d \u2060 two`],
    ['a NUL among words', 'one two three \u0000'],
    ['a lone surrogate among words', 'one two three \ud83d'],
  ])('a response of %s: 400 naming content', async (_name, content) => {
    const alice = await t.register();
    const q = await t.todaysQuestion();
    await expectRefusedWithoutEvents(
      t,
      () => respond(alice.deviceId, q.id, content),
      400,
      'content',
    );
  });

  it.each([
    ['a NUL', '\u0000'],
    ['a lone surrogate', '\udfff'],
    ['zero-width spaces', `${ZWSP}${ZWSP}`],
    ['a BOM', '\ufeff'],
  ])('a reply of %s: 400 naming content', async (_name, content) => {
    const alice = await t.register();
    const q = await t.todaysQuestion();
    const answered = await respond(alice.deviceId, q.id, 'my own answer here');
    await expectRefusedWithoutEvents(
      t,
      () =>
        request(t.app)
          .post('/api/replies')
          .set('X-Device-ID', alice.deviceId)
          .send({ responseId: answered.body.id, content }),
      400,
      'content',
    );
  });

  it('stores text in NFC, so the same words are the same bytes', async () => {
    const alice = await t.register();
    const q = await t.todaysQuestion();
    const res = await respond(alice.deviceId, q.id, 'the cafe\u0301 was\r\nopen late');
    expect(res.status).toBe(201);
    expect(res.body.response.content).toBe('the café was\nopen late');
  });
});
