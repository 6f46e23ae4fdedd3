import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { refusesWithoutEvents } from '../support/accounts';
import { newDeviceId, startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await startTestApp();
});
afterEach(async () => {
  await t.close();
});

/** Every route whose path names the caller's own device. */
const routes = [
  { method: 'get', path: (id: string) => `/api/device/${id}/pseudonym` },
  { method: 'get', path: (id: string) => `/api/user/settings/${id}` },
  { method: 'patch', path: (id: string) => `/api/user/settings/${id}` },
  { method: 'get', path: (id: string) => `/api/user/profile/${id}` },
  { method: 'get', path: (id: string) => `/api/user/activity-summary/${id}` },
] as const;

const send = (method: 'get' | 'patch', path: string, deviceId?: string) => {
  const req = request(t.app)[method](path);
  if (deviceId) req.set('X-Device-ID', deviceId);
  return method === 'patch' ? req.send({ showActivity: false }) : req;
};

describe('a device id in a path is never the credential', () => {
  it('refuses the secret in the path without X-Device-ID, naming it, and changes nothing', async () => {
    const alice = await t.register(newDeviceId(), 'Calm Owl');
    await t.settled();
    for (const { method, path } of routes) {
      const res = await refusesWithoutEvents(
        t,
        () => send(method, path(alice.deviceId)),
        400,
        'deviceId',
      );
      expect(res.body.detail).toMatch(/X-Device-ID/);
      expect(JSON.stringify(res.body)).not.toContain('Calm Owl');
    }
  });

  it('answers `me` with the header, and refuses another device’s id', async () => {
    const alice = await t.register(newDeviceId(), 'Calm Owl');
    const bob = await t.register(newDeviceId(), 'Brave Fox');
    await t.settled();
    for (const { method, path } of routes) {
      const own = await send(method, path('me'), alice.deviceId);
      expect(own.status, `${method} ${path('me')}`).toBe(200);
      const snooping = await send(method, path(alice.deviceId), bob.deviceId);
      expect(snooping.status, `${method} ${path('alice')}`).toBe(403);
      expect(JSON.stringify(snooping.body)).not.toContain('Calm Owl');
      const anonymous = await send(method, path('me'));
      expect(anonymous.status).toBe(400);
      expect(anonymous.body.field).toBe('X-Device-ID');
    }
  });
});
