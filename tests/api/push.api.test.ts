import request from 'supertest';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectRefusedWithoutEvents } from '../support/refusals';
import { startPushPeer, type PushPeer } from '../support/push-peer';
import { newDeviceId, startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let peer: PushPeer;
beforeAll(async () => {
  peer = await startPushPeer();
});
afterAll(() => peer.close());
beforeEach(async () => {
  t = await startTestApp();
});
afterEach(async () => {
  await t.close();
});

const subscribe = (deviceId: string, body: unknown) =>
  request(t.app)
    .post('/api/push/subscriptions')
    .set('X-Device-ID', deviceId)
    .send(body as object);
const unsubscribe = (deviceId: string, endpoint: string) =>
  request(t.app).delete('/api/push/subscriptions').set('X-Device-ID', deviceId).send({ endpoint });
const devices = async (deviceId: string) => {
  await t.settled();
  return (await request(t.app).get('/api/user/notification-settings').set('X-Device-ID', deviceId))
    .body.devices as number;
};

describe('GET /api/push/public-key', () => {
  it('answers the VAPID public key: 65 bytes, an uncompressed P-256 point, in base64url', async () => {
    const res = await request(t.app).get('/api/push/public-key');
    expect(res.status).toBe(200);
    expect(res.body.publicKey).toMatch(/^[A-Za-z0-9_-]+$/);
    const key = Buffer.from(res.body.publicKey, 'base64url');
    expect(key).toHaveLength(65);
    expect(key[0]).toBe(4);
  });
});

describe('POST and DELETE /api/push/subscriptions', () => {
  it('subscribes the caller’s browser (201), once, keeping its endpoint and keys sealed in the log', async () => {
    const ann = await t.register();
    const subscription = peer.subscribe(t.ctx.push.keys.publicKey);
    const res = await subscribe(ann.deviceId, subscription.json);
    expect(res.status).toBe(201);
    expect(await devices(ann.deviceId)).toBe(1);
    const count = (await t.allEvents()).length;
    expect((await subscribe(ann.deviceId, subscription.json)).status).toBe(201);
    expect((await t.allEvents()).length).toBe(count);
    const raw = JSON.stringify((await t.rawEvents()).map(({ type, data }) => ({ type, data })));
    expect(raw).toContain('PushSubscriptionAdded');
    expect(raw).not.toContain(subscription.json.endpoint);
    expect(raw).not.toContain(subscription.json.keys.auth);
  });

  it('unsubscribes only the caller’s own device', async () => {
    const [ann, bob] = [await t.register(), await t.register()];
    const subscription = peer.subscribe(t.ctx.push.keys.publicKey);
    await subscribe(ann.deviceId, subscription.json);
    await t.settled();
    const before = (await t.allEvents()).length;
    const stranger = await unsubscribe(bob.deviceId, subscription.json.endpoint);
    expect(stranger.body).toEqual({ position: null });
    expect((await t.allEvents()).length).toBe(before);
    expect(await devices(ann.deviceId)).toBe(1);
    const own = await unsubscribe(ann.deviceId, subscription.json.endpoint);
    expect(own.status).toBe(200);
    expect(await devices(ann.deviceId)).toBe(0);
  });

  it('refuses an endpoint the server would not send to, with a 400 naming endpoint', async () => {
    const ann = await t.register();
    const { keys } = peer.subscribe(t.ctx.push.keys.publicKey).json;
    for (const endpoint of [
      'http://push.example.org/send/1',
      'https://127.0.0.1/push/1',
      'https://[::1]/push/1',
      'https://169.254.169.254/latest/meta-data/',
      'https://10.0.0.8/push/1',
      'https://localhost/push/1',
      'http://localhost:4000/push/1',
      'file:///etc/passwd',
      'not a url',
    ]) {
      const res = await expectRefusedWithoutEvents(
        t,
        () => subscribe(ann.deviceId, { endpoint, keys }),
        400,
        'endpoint',
      );
      expect(res.body.detail, endpoint).toMatch(/^endpoint /);
    }
  });

  it('refuses malformed subscriptions naming the field, and callers with no pseudonym', async () => {
    const ann = await t.register();
    const { json } = peer.subscribe(t.ctx.push.keys.publicKey);
    for (const [body, field] of [
      [{ keys: json.keys }, 'endpoint'],
      [{ endpoint: json.endpoint }, 'keys'],
      [{ ...json, keys: { ...json.keys, p256dh: 'short' } }, 'keys.p256dh'],
      [{ ...json, keys: { ...json.keys, p256dh: `A${json.keys.p256dh.slice(1)}` } }, 'keys.p256dh'],
      [{ ...json, keys: { ...json.keys, auth: `${json.keys.auth}xx` } }, 'keys.auth'],
      [{ ...json, endpoint: `${json.endpoint}/${'x'.repeat(2100)}` }, 'endpoint'],
    ] as const) {
      await expectRefusedWithoutEvents(t, () => subscribe(ann.deviceId, body), 400, field);
    }
    await expectRefusedWithoutEvents(t, () => unsubscribe(ann.deviceId, ''), 400, 'endpoint');
    const stranger = await subscribe(newDeviceId(), json);
    expect(stranger.status).toBeGreaterThanOrEqual(400);
    expect(stranger.status).toBeLessThan(500);
  });
});
