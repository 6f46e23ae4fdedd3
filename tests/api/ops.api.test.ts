import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OPS_HEADER } from '../../api/routes/ops';
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
