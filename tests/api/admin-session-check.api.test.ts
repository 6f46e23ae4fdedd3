import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, testAdmin, type TestApp } from '../support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await startTestApp();
});
afterEach(async () => {
  await t.close();
});

const verify = (token: string) =>
  request(t.app).get('/api/admin/verify').set('Authorization', `Bearer ${token}`);

describe("an admin's token check", () => {
  it('answers 503, not 401, when the log cannot be read, and the session stays open', async () => {
    const token = (await request(t.app).post('/api/admin/login').send(testAdmin)).body
      .token as string;
    expect((await verify(token)).status).toBe(200);

    const events = t.ctx.events;
    const readStream = events.readStream.bind(events);
    events.readStream = () => Promise.reject(new Error('database is locked'));
    const before = (await t.allEvents()).length;
    const blip = await verify(token);
    events.readStream = readStream;
    expect(blip.status).toBe(503);
    expect(blip.body).toMatchObject({ title: 'Session check failed' });
    expect((await t.allEvents()).length).toBe(before);

    const after = await verify(token);
    expect(after.status).toBe(200);
    expect(after.body).toEqual({ valid: true, username: testAdmin.username });
  });

  it('still refuses a signed-out, forged or missing token with 401', async () => {
    const token = (await request(t.app).post('/api/admin/login').send(testAdmin)).body
      .token as string;
    expect(
      (await request(t.app).post('/api/admin/logout').set('Authorization', `Bearer ${token}`))
        .status,
    ).toBe(204);
    expect((await verify(token)).status).toBe(401);
    expect((await verify(`${token.slice(0, -4)}AAAA`)).status).toBe(401);
    expect((await request(t.app).get('/api/admin/verify')).status).toBe(401);
  });
});
