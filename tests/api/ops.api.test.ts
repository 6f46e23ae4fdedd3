import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OPS_HEADER } from '../../api/routes/ops';
import { PARKED, type ParkedDoc } from '../../projections/engine/parked-reactions';
import { startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
const generationOf = async (name: string): Promise<number> =>
  (await request(t.app).get('/ops/projections').set(OPS_HEADER, '1')).body.find(
    (p: { name: string }) => p.name === name,
  ).generation;
beforeEach(async () => {
  t = await startTestApp();
});
afterEach(async () => {
  await t.close();
});

describe('operations for developers', () => {
  it('rebuilds a projection while the app serves, and the answers stay the same', async () => {
    const alice = await t.register();
    const q = await t.todaysQuestion();
    const posted = await request(t.app)
      .post('/api/responses')
      .set('X-Device-ID', alice.deviceId)
      .send({ content: 'one two three', questionId: q.id });
    // The answer's reaction (the First Voice badge, shown beside it) is appended after it:
    // the page is compared once that has settled.
    const before = await vi.waitFor(
      async () => {
        const page = await request(t.app)
          .get(`/api/responses/${q.id}`)
          .set('X-Device-ID', alice.deviceId)
          .set('X-Min-Position', posted.body.position);
        expect(page.body[0].activity.topBadge).toMatchObject({ name: 'First Voice' });
        return page;
      },
      { timeout: 5_000 },
    );

    const rebuilt = await request(t.app)
      .post('/ops/projections/responses-by-question/rebuild')
      .set(OPS_HEADER, '1');
    expect(rebuilt.status).toBe(202);
    expect(rebuilt.body).toEqual({ here: ['responses-by-question'], requested: [] });
    await vi.waitFor(() => expect(generationOf('responses-by-question')).resolves.toBe(2), {
      timeout: 10_000,
    });

    const after = await request(t.app)
      .get(`/api/responses/${q.id}`)
      .set('X-Device-ID', alice.deviceId);
    expect(after.body).toEqual(before.body);
  });

  it('rebuilds every projection at once, and says which it rebuilds here', async () => {
    const all = await request(t.app).post('/ops/projections/rebuild').set(OPS_HEADER, '1');
    expect(all.status).toBe(202);
    const names = t.ctx.readModels.projections.map((p) => p.name);
    expect(all.body.here).toEqual(names);
    await vi.waitFor(
      async () => {
        const status = await request(t.app).get('/ops/projections').set(OPS_HEADER, '1');
        expect(status.body.map((p: { generation: number }) => p.generation)).toEqual(
          names.map(() => 2),
        );
      },
      { timeout: 20_000 },
    );
    const some = await request(t.app)
      .post('/ops/projections/rebuild?names=identity,nope')
      .set(OPS_HEADER, '1');
    expect(some.status).toBe(404);
    const bad = await request(t.app)
      .post('/ops/projections/rebuild?names=identity&extra=1')
      .set(OPS_HEADER, '1');
    expect(bad.status).toBe(400);
  });

  it('lists the events a reactor parked, retries them through the reactor, and refuses what is not parked', async () => {
    const alice = await t.register();
    const q = await t.todaysQuestion();
    const posted = await request(t.app)
      .post('/api/responses')
      .set('X-Device-ID', alice.deviceId)
      .send({ content: 'one two three', questionId: q.id });
    expect(posted.status).toBe(201);
    await t.settled();
    const answered = (await t.allEvents()).find((e) => e.type === 'ResponseSubmitted')!;
    // As the badge reactor leaves an event it gave up on (its award is refused meanwhile).
    await t.readStore.transaction(async (tx) => {
      await tx.collection<ParkedDoc>(PARKED).upsertOne({
        _id: `badge-awards:${answered.id}`,
        reactor: 'badge-awards',
        eventId: answered.id,
        eventType: answered.type,
        position: String(answered.position),
        attempts: 8,
        error: 'badge stream unavailable',
        parkedAt: '2026-11-28T12:00:00.000Z',
        retryAsked: 0,
      });
    });
    const parked = await request(t.app).get('/ops/reactors/parked').set(OPS_HEADER, '1');
    expect(parked.status).toBe(200);
    expect(parked.body).toEqual([
      {
        reactor: 'badge-awards',
        count: 1,
        retrying: 0,
        events: [
          expect.objectContaining({ eventId: answered.id, error: 'badge stream unavailable' }),
        ],
      },
      { reactor: 'answer-analysis', count: 0, retrying: 0, events: [] },
      { reactor: 'moderation', count: 0, retrying: 0, events: [] },
    ]);

    const retry = (path: string) => request(t.app).post(path).set(OPS_HEADER, '1');
    expect((await retry('/ops/reactors/nope/retry')).status).toBe(404);
    expect((await retry('/ops/reactors/badge-awards/retry?event=not-parked')).status).toBe(404);
    const bad = await retry('/ops/reactors/badge-awards/retry?event=x&also=1');
    expect(bad.status).toBe(400);
    expect((await retry(`/ops/reactors/badge-awards/retry?event=${'x'.repeat(101)}`)).status).toBe(
      400,
    );
    // Run by the process holding the reactor at its next lease check: the award repeats
    // nothing (the badge was given once already), and the event is no longer parked.
    const asked = await retry(`/ops/reactors/badge-awards/retry?event=${answered.id}`);
    expect(asked.status).toBe(202);
    expect(asked.body).toEqual({ reactor: 'badge-awards', asked: 1, runningIn: t.engine.owner });
    await vi.waitFor(
      async () =>
        expect(
          (await request(t.app).get('/ops/reactors/parked').set(OPS_HEADER, '1')).body[0].count,
        ).toBe(0),
      { timeout: 10_000 },
    );
    expect((await retry('/ops/reactors/badge-awards/retry')).body.asked).toBe(0);
    expect((await request(t.app).get('/ops/reactors/parked')).status).toBe(403);
  });

  it('answers 404 for an unknown projection and 403 through a proxy', async () => {
    expect(
      (await request(t.app).post('/ops/projections/nope/rebuild').set(OPS_HEADER, '1')).status,
    ).toBe(404);
    expect(
      (
        await request(t.app)
          .get('/ops/projections')
          .set(OPS_HEADER, '1')
          .set('X-Forwarded-For', '203.0.113.9')
      ).status,
    ).toBe(403);
  });

  it('refuses what a web page could send: simple requests, other origins, rebound names', async () => {
    const rebuild = () => request(t.app).post('/ops/projections/identity/rebuild');
    // A cross-site form post: no custom header (sending one needs a preflight nobody grants).
    const form = await rebuild().type('form').send('x=1');
    expect(form.status).toBe(403);
    expect(form.body.field).toBe(OPS_HEADER);
    expect((await request(t.app).get('/ops/projections')).status).toBe(403);
    const crossSite = await rebuild().set(OPS_HEADER, '1').set('Origin', 'https://evil.example');
    expect(crossSite.status).toBe(403);
    const rebound = await rebuild().set(OPS_HEADER, '1').set('Host', 'evil.example:3000');
    expect(rebound.status).toBe(403);
    const status = await request(t.app).get('/ops/projections').set(OPS_HEADER, '1');
    expect(status.body.find((p: { name: string }) => p.name === 'identity').generation).toBe(1);

    const sameSite = await request(t.app)
      .get('/ops/projections')
      .set(OPS_HEADER, '1')
      .set('Host', 'localhost:3000')
      .set('Origin', 'http://localhost:3000');
    expect(sameSite.status).toBe(200);
  });
});
