import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PSEUDONYM_PATTERN } from '../../domain/identity/pseudonyms';
import { newDeviceId, startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await startTestApp();
});
afterEach(async () => {
  await t.close();
});

describe('device registration', () => {
  it('offers 3 distinct unused pseudonyms', async () => {
    const res = await request(t.app).post('/api/user/generate-pseudonyms');
    expect(res.status).toBe(200);
    expect(res.body.pseudonyms).toHaveLength(3);
    expect(new Set(res.body.pseudonyms).size).toBe(3);
    for (const p of res.body.pseudonyms) expect(p).toMatch(PSEUDONYM_PATTERN);
  });

  it('registers a device and answers its pseudonym to that device only', async () => {
    const alice = await t.register(newDeviceId(), 'Calm Owl');
    const own = await request(t.app)
      .get(`/api/device/${alice.deviceId}/pseudonym`)
      .set('X-Device-ID', alice.deviceId)
      .set('X-Min-Position', alice.position);
    expect(own.body).toEqual({ pseudonym: 'Calm Owl' });
    const other = newDeviceId();
    const snooping = await request(t.app)
      .get(`/api/device/${alice.deviceId}/pseudonym`)
      .set('X-Device-ID', other);
    expect(snooping.status).toBe(403);
    const unknown = await request(t.app)
      .get(`/api/device/${other}/pseudonym`)
      .set('X-Device-ID', other);
    expect(unknown.status).toBe(404);
  });

  it('keeps pseudonyms unique across the community', async () => {
    await t.register(newDeviceId(), 'Calm Owl');
    const before = (await t.allEvents()).length;
    const res = await request(t.app)
      .post('/api/user/setup')
      .set('X-Device-ID', newDeviceId())
      .send({ pseudonym: 'Calm Owl', privacyConsent: true, termsConsent: true });
    expect(res.status).toBe(409);
    expect(res.body.field).toBe('pseudonym');
    expect((await t.allEvents()).length).toBe(before);
  });

  it('treats a repeated setup of the same device and pseudonym as done', async () => {
    const deviceId = newDeviceId();
    await t.register(deviceId, 'Calm Owl');
    const again = await request(t.app)
      .post('/api/user/setup')
      .set('X-Device-ID', deviceId)
      .send({ pseudonym: 'Calm Owl', privacyConsent: true, termsConsent: true });
    expect(again.status).toBe(200);
    expect((await t.allEvents()).filter((e) => e.type === 'DeviceRegistered')).toHaveLength(1);
  });

  it.each([
    [
      'a malformed device id',
      'short',
      { pseudonym: 'Calm Owl', privacyConsent: true, termsConsent: true },
      'X-Device-ID',
    ],
    [
      'a missing pseudonym',
      newDeviceId(),
      { privacyConsent: true, termsConsent: true },
      'pseudonym',
    ],
    [
      'a pseudonym not from the lists',
      newDeviceId(),
      { pseudonym: '<script>', privacyConsent: true, termsConsent: true },
      'pseudonym',
    ],
    [
      'consent of the wrong type',
      newDeviceId(),
      { pseudonym: 'Calm Owl', privacyConsent: 'yes', termsConsent: true },
      'privacyConsent',
    ],
  ])('refuses %s with 400 and writes nothing', async (_name, deviceId, body, field) => {
    const before = (await t.allEvents()).length;
    const res = await request(t.app)
      .post('/api/user/setup')
      .set('X-Device-ID', deviceId)
      .send(body);
    expect(res.status).toBe(400);
    expect(res.body.field).toBe(field);
    expect((await t.allEvents()).length).toBe(before);
  });

  it('answers GET /api/device with the caller’s own pseudonym only', async () => {
    const me = await t.register(newDeviceId(), 'Calm Owl');
    const own = await request(t.app)
      .get('/api/device')
      .set('X-Device-ID', me.deviceId)
      .set('X-Min-Position', me.position);
    expect(own.body).toEqual({ pseudonym: 'Calm Owl' });
    const stranger = await request(t.app).get('/api/device').set('X-Device-ID', newDeviceId());
    expect(stranger.status).toBe(404);
    const anonymous = await request(t.app).get('/api/device');
    expect(anonymous.status).toBe(400);
    expect(anonymous.body.field).toBe('X-Device-ID');
  });

  it('never writes the raw device id into the log', async () => {
    const alice = await t.register();
    expect(
      JSON.stringify((await t.allEvents()).map((e) => ({ ...e, revision: 0, position: 0 }))),
    ).not.toContain(alice.deviceId);
  });

  it('sends a strict Content-Security-Policy and its companions', async () => {
    const res = await request(t.app).get('/api/question/today');
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/script-src 'self'(;| 'sha256-)/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('answers unknown API routes with a 404 problem', async () => {
    const res = await request(t.app).get('/api/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body.title).toBe('Not found');
  });
});
