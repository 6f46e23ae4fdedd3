import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectRefusedWithoutEvents } from '../support/refusals';
import { newDeviceId, startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await startTestApp({ now: new Date('2026-11-20T15:00:00Z') });
});
afterEach(async () => {
  await t.close();
});

const get = (path: string, deviceId?: string) => {
  const req = request(t.app).get(path);
  return deviceId ? req.set('X-Device-ID', deviceId) : req;
};

describe('GET /api/user/profile/{deviceId}, /api/user/profile and /api/profile', () => {
  it('answer the caller’s own profile, by their device id, `me`, or no id at all', async () => {
    const ann = await t.register();
    for (const path of [
      `/api/user/profile/${ann.deviceId}`,
      '/api/user/profile/me',
      '/api/user/profile',
      '/api/profile',
    ]) {
      const res = await get(path, ann.deviceId);
      expect(res.status, path).toBe(200);
      expect(res.body).toEqual({
        pseudonym: ann.pseudonym,
        memberSince: expect.any(String),
        bio: null,
        hasAccount: false,
      });
    }
  });

  it('carries the bio the person wrote, and only theirs', async () => {
    const ann = await t.register();
    const bob = await t.register();
    const saved = await request(t.app)
      .put('/api/user/bio')
      .set('X-Device-ID', ann.deviceId)
      .send({ bio: 'Reading, walking, asking why.' });
    expect(saved.status).toBe(200);
    const own = await get('/api/user/profile', ann.deviceId).set(
      'X-Min-Position',
      saved.body.position,
    );
    expect(own.body.bio).toBe('Reading, walking, asking why.');
    const other = await get('/api/user/profile', bob.deviceId).set(
      'X-Min-Position',
      saved.body.position,
    );
    expect(other.body.bio).toBeNull();
  });

  it('refuses another device’s profile with 403 and sends none of it', async () => {
    const ann = await t.register();
    const bob = await t.register();
    const res = await expectRefusedWithoutEvents(
      t,
      () => get(`/api/user/profile/${ann.deviceId}`, bob.deviceId),
      403,
    );
    expect(JSON.stringify(res.body)).not.toContain(ann.pseudonym);
  });

  it('refuses another device’s activity summary with 403, as it does the profile', async () => {
    const ann = await t.register();
    const bob = await t.register();
    await expectRefusedWithoutEvents(
      t,
      () => get(`/api/user/activity-summary/${ann.deviceId}`, bob.deviceId),
      403,
    );
  });

  it('answers an unregistered device with 404, and a missing or malformed device id with 400', async () => {
    await expectRefusedWithoutEvents(t, () => get('/api/user/profile/me', newDeviceId()), 404);
    await expectRefusedWithoutEvents(t, () => get('/api/profile'), 400, 'X-Device-ID');
    await expectRefusedWithoutEvents(t, () => get('/api/user/profile/me'), 400, 'X-Device-ID');
    await expectRefusedWithoutEvents(
      t,
      () => get('/api/user/profile', 'short'),
      400,
      'X-Device-ID',
    );
    await expectRefusedWithoutEvents(t, () => get('/api/user/profile/not-a-device-id'), 400);
  });
});
