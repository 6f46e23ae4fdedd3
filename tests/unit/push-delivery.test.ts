import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPushDelivery, topicOf } from '../../api/push/delivery';
import { generateVapidKeys } from '../../api/push/vapid-keys';
import { startPushPeer, type PushPeer } from '../support/push-peer';

const keys = generateVapidKeys();
const subject = 'mailto:push@boon.test';
const message = {
  title: 'Calm Owl replied to your answer',
  body: 'I see it otherwise.',
  tag: 't',
  url: '/responses/1',
};
const options = { ttlSeconds: 3600, topic: topicOf('reminder:ann'), urgency: 'normal' as const };

let peer: PushPeer;
beforeAll(async () => {
  peer = await startPushPeer();
});
afterAll(() => peer.close());

const target = (json: ReturnType<PushPeer['subscribe']>['json']) => ({
  endpoint: json.endpoint,
  p256dh: json.keys.p256dh,
  auth: json.keys.auth,
});

describe('a push through the loopback push-service peer', () => {
  const delivery = createPushDelivery({ keys, subject, policy: { loopbackHttp: true } });
  afterAll(() => delivery.close());

  it('arrives encrypted for the subscription and signed with VAPID, and the peer opens it', async () => {
    const subscription = peer.subscribe(keys.publicKey);
    expect(await delivery.send(target(subscription.json), message, options)).toBe('delivered');
    const [push] = await peer.waitFor(subscription.id);
    expect(push!.message).toEqual(message);
    expect(push!.claims).toMatchObject({ aud: peer.url, sub: subject });
    expect(push!.claims.exp * 1000).toBeGreaterThan(Date.now() + 11 * 3600_000);
    expect(push).toMatchObject({ ttl: 3600, urgency: 'normal', topic: options.topic });
  });

  it('says gone on 404 or 410, retry on 429, 5xx or no answer, refused otherwise', async () => {
    const outcome = async (status: number) => {
      const subscription = peer.subscribe(keys.publicKey);
      peer.answer(subscription.id, status);
      return delivery.send(target(subscription.json), message, options);
    };
    expect(await outcome(410)).toBe('gone');
    expect(await outcome(404)).toBe('gone');
    expect(await outcome(429)).toBe('retry');
    expect(await outcome(503)).toBe('retry');
    expect(await outcome(413)).toBe('refused');
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const nowhere = {
      ...target(peer.subscribe(keys.publicKey).json),
      endpoint: `http://127.0.0.1:${port}/push/x`,
    };
    expect(await delivery.send(nowhere, message, options)).toBe('retry');
  });

  it('is refused by the peer when signed with a key the subscription was not made for', async () => {
    const other = generateVapidKeys();
    const subscription = peer.subscribe(other.publicKey);
    expect(await delivery.send(target(subscription.json), message, options)).toBe('refused');
    expect(peer.refused.at(-1)).toMatchObject({ subscriptionId: subscription.id, status: 403 });
  });

  it('follows no redirect', async () => {
    const landed: string[] = [];
    const redirector = createServer((req, res) => {
      if (req.url === '/landing') landed.push(req.method ?? '');
      res.writeHead(307, { Location: '/landing' }).end();
    });
    await new Promise<void>((resolve) => redirector.listen(0, '127.0.0.1', resolve));
    const port = (redirector.address() as AddressInfo).port;
    const subscription = peer.subscribe(keys.publicKey);
    const sent = await delivery.send(
      { ...target(subscription.json), endpoint: `http://127.0.0.1:${port}/push/x` },
      message,
      options,
    );
    await new Promise((resolve) => redirector.close(resolve));
    expect(sent).toBe('refused');
    expect(landed).toEqual([]);
  });
});

describe('the peer’s own checks', () => {
  const post = (endpoint: string, details: ReturnType<typeof webpush.generateRequestDetails>) =>
    fetch(endpoint, { method: 'POST', headers: details.headers, body: details.body });
  const vapidDetails = { subject, publicKey: keys.publicKey, privateKey: keys.privateKey };

  it('refuses a payload encrypted for other keys, and a JWT another key signed', async () => {
    const subscription = peer.subscribe(keys.publicKey);
    const stranger = peer.subscribe(keys.publicKey);
    const misencrypted = webpush.generateRequestDetails(
      { endpoint: subscription.json.endpoint, keys: stranger.json.keys },
      'hello',
      { vapidDetails },
    );
    expect((await post(subscription.json.endpoint, misencrypted)).status).toBe(400);

    const forged = webpush.generateRequestDetails(subscription.json, 'hello', { vapidDetails });
    const other = generateVapidKeys();
    const otherToken = webpush.getVapidHeaders(
      peer.url,
      subject,
      other.publicKey,
      other.privateKey,
      'aes128gcm',
    );
    const token = /t=([^,]+)/.exec(otherToken.Authorization)![1];
    forged.headers.Authorization = `vapid t=${token}, k=${keys.publicKey}`;
    expect((await post(subscription.json.endpoint, forged)).status).toBe(401);

    const sound = webpush.generateRequestDetails(subscription.json, '{"ok":true}', {
      vapidDetails,
    });
    expect((await post(subscription.json.endpoint, sound)).status).toBe(201);
  });
});

describe('production’s endpoint rule', () => {
  it('never sends to the loopback peer', async () => {
    const delivery = createPushDelivery({ keys, subject, policy: { loopbackHttp: false } });
    const subscription = peer.subscribe(keys.publicKey);
    expect(await delivery.send(target(subscription.json), message, options)).toBe('refused');
    delivery.close();
    expect(peer.received.filter((p) => p.subscriptionId === subscription.id)).toEqual([]);
  });
});
