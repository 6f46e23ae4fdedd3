import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REJECTIONS_RECORDED_PER_DAY } from '../../domain/analysis/screening';
import { startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await startTestApp();
});
afterEach(async () => {
  await t.close();
});

type Person = { deviceId: string };

const respond = async (person: Person, content: string) => {
  const q = await t.todaysQuestion();
  return request(t.app)
    .post('/api/responses')
    .set('X-Device-ID', person.deviceId)
    .send({ content, questionId: q.id });
};

const insult = 'You are such an 1d10t, honestly.';

describe('abusive answers and replies', () => {
  it('refuses an abusive answer with 422 naming content, records the refusal without the text, and keeps the person’s day', async () => {
    const alice = await t.register();
    const before = (await t.allEvents()).length;
    const res = await respond(alice, insult);
    expect(res.status).toBe(422);
    expect(res.type).toBe('application/problem+json');
    expect(res.body).toMatchObject({ field: 'content', title: 'Please rephrase' });
    expect(res.body.detail).toMatch(/attack on a person.*Your text is kept/);

    const appended = (await t.allEvents()).slice(before);
    expect(appended.map((e) => e.type)).toEqual(['ContentRejected']);
    expect(appended[0]!.data).toMatchObject({ kind: 'response', reason: 'personal attack' });
    expect(JSON.stringify(appended[0]!.data)).not.toMatch(/1d10t|honestly/);

    const again = await respond(alice, 'Honesty matters more than comfort.');
    expect(again.status).toBe(201);
  });

  it('refuses an abusive reply the same way, and lets an ordinary one through', async () => {
    const [alice, bob] = [await t.register(), await t.register()];
    const a = await respond(alice, 'Honesty matters more than comfort.');
    await respond(bob, 'I see it differently.');
    const reply = (content: string) =>
      request(t.app)
        .post('/api/replies')
        .set('X-Device-ID', bob.deviceId)
        .send({ content, responseId: a.body.id });
    const before = (await t.allEvents()).length;
    const refused = await reply('kys');
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ field: 'content' });
    expect((await t.allEvents()).slice(before).map((e) => e.type)).toEqual(['ContentRejected']);
    expect((await reply('I had not thought about it from that side.')).status).toBe(201);
  });

  it('refuses insults aimed at everyone and disguised ones, publishing ordinary words that hold a bad one', async () => {
    const people = await Promise.all(Array.from({ length: 6 }, () => t.register()));
    const [first, ...others] = people;
    const anchor = await respond(first!, 'Honesty matters more than comfort, always.');
    expect(anchor.status).toBe(201);
    const reply = (person: Person, content: string) =>
      request(t.app)
        .post('/api/replies')
        .set('X-Device-ID', person.deviceId)
        .send({ content, responseId: anchor.body.id });
    const attacks = [
      'you are all fucking idiots and worthless pieces of shit',
      'f u c k you all, id10ts',
      'you are an idiot',
    ];
    for (const [i, attack] of attacks.entries()) {
      expect((await respond(others[i]!, attack)).status, attack).toBe(422);
      await respond(others[i]!, 'Honesty matters, and so does kindness.');
      expect((await reply(others[i]!, attack)).status, attack).toBe(422);
    }
    const ordinary = [
      'I grew up near Scunthorpe and learned to assess people slowly.',
      'I read on the train to kill time, and that is a damn good point.',
    ];
    await respond(others[3]!, ordinary[0]!);
    for (const text of ordinary) expect((await reply(others[3]!, text)).status, text).toBe(201);
  });

  it('counts refusals in the rejection rate, and records at most a fixed number a day per person', async () => {
    const [alice, bob] = [await t.register(), await t.register()];
    for (let i = 0; i < REJECTIONS_RECORDED_PER_DAY + 2; i++) {
      expect((await respond(alice, insult)).status).toBe(422);
    }
    const rejections = (await t.allEvents()).filter((e) => e.type === 'ContentRejected');
    expect(rejections).toHaveLength(REJECTIONS_RECORDED_PER_DAY);
    const answered = await respond(bob, 'Honesty matters more than comfort.');
    const res = await request(t.app)
      .get('/api/sentiment?days=7')
      .set('X-Device-ID', bob.deviceId)
      .set('X-Min-Position', answered.body.position);
    expect(res.body[0].moderation.rejectionRate).toBe(
      Math.round((REJECTIONS_RECORDED_PER_DAY / (REJECTIONS_RECORDED_PER_DAY + 1)) * 1000) / 10,
    );
  });
});
