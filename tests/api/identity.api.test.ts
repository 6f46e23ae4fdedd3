import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  isOfferablePseudonym,
  pseudonymKey,
  pseudonymStreamId,
  PSEUDONYM_WORDS,
} from '../../domain/identity/pseudonym-words';
import { appendEvents } from '../support/seed';
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
    for (const p of res.body.pseudonyms) expect(isOfferablePseudonym(p)).toBe(true);
  });

  it('still offers free names, and registers one, when every plain pair is in use', async () => {
    const { adjectives, nouns } = PSEUDONYM_WORDS;
    const pairs = adjectives.flatMap((a) => nouns.map((n) => `${a} ${n}`));
    let last = 0n;
    for (const pseudonym of pairs) {
      ({ position: last } = await appendEvents(t.events, pseudonymStreamId(pseudonym), [
        {
          type: 'PseudonymReserved',
          data: { pseudonym, deviceHash: 'f'.repeat(64), at: '2026-11-22T12:00:00.000Z' },
        },
      ]));
    }
    await t.caughtUp(last, 10_000);
    const res = await request(t.app).post('/api/user/generate-pseudonyms');
    expect(res.body.pseudonyms).toHaveLength(3);
    expect(new Set(res.body.pseudonyms).size).toBe(3);
    const inUse = new Set(pairs.map(pseudonymKey));
    for (const name of res.body.pseudonyms as string[]) {
      expect(isOfferablePseudonym(name)).toBe(true);
      expect(inUse.has(pseudonymKey(name))).toBe(false);
    }
    const deviceId = newDeviceId();
    const setup = await request(t.app)
      .post('/api/user/setup')
      .set('X-Device-ID', deviceId)
      .send({ pseudonym: res.body.pseudonyms[0], privacyConsent: true, termsConsent: true });
    expect(setup.status).toBe(201);
    expect(setup.body.pseudonym).toBe(res.body.pseudonyms[0]);
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
    ...[
      '__proto__'.repeat(4),
      'a'.repeat(22),
      '0101'.repeat(8),
      'abcdefghijklmnopqrstuvwxyz',
      'Zm9vYmFy'.repeat(4),
    ].map((id): [string, string, object, string] => [
      `a device id of no entropy (${id.slice(0, 12)}…)`,
      id,
      { pseudonym: 'Calm Owl', privacyConsent: true, termsConsent: true },
      'X-Device-ID',
    ]),
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
      'a well-shaped name whose words are not offered',
      newDeviceId(),
      { pseudonym: 'Stupid Idiot', privacyConsent: true, termsConsent: true },
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
