import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sentimentItemSchema } from '../../domain/contracts/schemas/sentiment';
import { expectRefusedWithoutEvents } from '../support/refusals';
import { startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await startTestApp();
});
afterEach(async () => {
  await t.close();
});

type Person = { deviceId: string };

const answer = async (person: Person, spectrumPosition: number | null) => {
  const q = await t.todaysQuestion();
  const res = await request(t.app)
    .post('/api/responses')
    .set('X-Device-ID', person.deviceId)
    .send({ content: 'Honesty matters more than comfort.', questionId: q.id, spectrumPosition });
  expect(res.status).toBe(201);
  return { questionId: q.id, responseId: res.body.id as string, position: res.body.position };
};

const sentiment = (person: Person, query: string, position?: string) => {
  const req = request(t.app).get(`/api/sentiment${query}`).set('X-Device-ID', person.deviceId);
  return position ? req.set('X-Min-Position', position) : req;
};

describe('GET /api/sentiment', () => {
  it('gives today’s question its figures in the spec’s item shape', async () => {
    const [alice, bob, carol] = [await t.register(), await t.register(), await t.register()];
    await answer(alice, -80);
    const b = await answer(bob, 60);
    const c = await answer(carol, null);
    await request(t.app)
      .post(`/api/responses/${b.responseId}/echo`)
      .set('X-Device-ID', alice.deviceId);
    const reacted = await request(t.app)
      .post(`/api/responses/${b.responseId}/reactions`)
      .set('X-Device-ID', carol.deviceId)
      .send({ emoji: '👏' });
    const res = await sentiment(alice, '?days=7', reacted.body.position);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(1);
    const item = sentimentItemSchema.parse(res.body[0]);
    const q = await t.todaysQuestion();
    expect(item).toMatchObject({
      questionId: c.questionId,
      questionContent: q.content,
      responseCount: 3,
      averageSpectrum: -10,
      distribution: { left: 50, center: 0, right: 50 },
      engagement: { repliesCount: 0, echoes: 1, reactions: { '👏': 1, '💡': 0 } },
      trend: { responseCountChange: null, engagementChange: null, spectrumChange: null },
    });
    expect(JSON.stringify(res.body)).not.toContain(alice.deviceId);
  });

  it('answers an empty list when nothing was answered in the period', async () => {
    const alice = await t.register();
    const res = await sentiment(alice, '?days=30');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });

  it('accepts only 7, 14 or 30 days (400 naming days), and only registered people (403)', async () => {
    const alice = await t.register();
    for (const query of ['', '?days=8', '?days=0', '?days=x', '?days=7&days=14', '?days=7&x=1']) {
      const res = await expectRefusedWithoutEvents(t, () => sentiment(alice, query), 400);
      if (!query.includes('x=1')) expect(res.body.field).toBe('days');
    }
    await expectRefusedWithoutEvents(
      t,
      () => sentiment({ deviceId: crypto.randomUUID() }, '?days=7'),
      403,
    );
  });
});

describe('the analyzer’s scores', () => {
  it('are recorded once per answer by the reactor, and averaged in the figures', async () => {
    const alice = await t.register();
    const a = await answer(alice, null);
    const analyzed = (await t.allEvents()).filter((e) => e.type === 'ResponseAnalyzed');
    expect(analyzed).toHaveLength(1);
    expect(analyzed[0]!.data).toMatchObject({ responseId: a.responseId, civility: 1 });
    const res = await sentiment(alice, '?days=14', analyzed[0]!.position.toString());
    expect(res.body[0].moderation).toMatchObject({ civilityAvg: 1, rejectionRate: 0 });
    expect(res.body[0].moderation.sincerityAvg).toBeGreaterThan(0.8);
  });
});
