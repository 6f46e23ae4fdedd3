import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PSEUDONYM_WORDS } from '../../domain/identity/pseudonym-words';
import { pseudonymStreamId, RESERVATION_TTL_MS } from '../../domain/identity/pseudonyms';
import { REGISTRATIONS_PER_ADDRESS } from '../../api/http/quotas';
import { hashDeviceId } from '../../infra/crypto';
import { expectRefusedWithoutEvents } from '../support/refusals';
import { appendEvents } from '../support/seed';
import { newDeviceId, startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await startTestApp();
});
afterEach(async () => {
  await t.close();
});

const setup = (deviceId: string, pseudonym: string) =>
  request(t.app)
    .post('/api/user/setup')
    .set('X-Device-ID', deviceId)
    .send({ pseudonym, privacyConsent: true, termsConsent: true });

const names = (count: number) =>
  PSEUDONYM_WORDS.adjectives
    .flatMap((a) => PSEUDONYM_WORDS.nouns.map((n) => `${a} ${n}`))
    .slice(0, count);

describe('pseudonym setup writes nothing it refuses', () => {
  it('an already registered device trying 300 names is refused each time, leaving 0 events', async () => {
    const squatter = await t.register(newDeviceId(), 'Zealous Zephyr');
    const before = await t.allEvents();
    const answers = await Promise.all(names(300).map((name) => setup(squatter.deviceId, name)));
    expect(answers.map((res) => res.status)).toEqual(answers.map(() => 409));
    expect(await t.allEvents()).toEqual(before);
    // Every one of those names is still free for someone else.
    expect((await setup(newDeviceId(), names(300)[299]!)).status).toBe(201);
  });

  it('two setups racing on one device: one name is kept, the other is free again', async () => {
    const deviceId = newDeviceId();
    const [first, second] = await Promise.all([
      setup(deviceId, 'Calm Owl'),
      setup(deviceId, 'Brave Heron'),
    ]);
    expect([first.status, second.status].sort()).toEqual([201, 409]);
    const lost = first.status === 409 ? 'Calm Owl' : 'Brave Heron';
    expect((await setup(newDeviceId(), lost)).status).toBe(201);
  });

  it('releases the name when the registration fails after it was reserved', async () => {
    const deviceId = newDeviceId();
    const append = t.events.appendToStream.bind(t.events);
    t.events.appendToStream = async (streamId, events, expected) => {
      if (streamId.startsWith('device-')) throw new Error('the disk is full');
      return append(streamId, events, expected);
    };
    expect((await setup(deviceId, 'Calm Owl')).status).toBe(500);
    t.events.appendToStream = append;
    const history = await t.events.readStream(pseudonymStreamId('Calm Owl'));
    expect(history.map((e) => e.type)).toEqual(['PseudonymReserved', 'PseudonymReleased']);
    expect((await setup(newDeviceId(), 'Calm Owl')).status).toBe(201);
  });

  it('lets a reservation never bound to its device lapse, never one in use', async () => {
    const reservedAt = new Date('2026-11-22T15:00:00Z');
    await appendEvents(t.events, pseudonymStreamId('Calm Owl'), [
      {
        type: 'PseudonymReserved',
        data: { pseudonym: 'Calm Owl', deviceHash: hashDeviceId(newDeviceId()), at: reservedAt },
      },
    ]);
    await t.register(newDeviceId(), 'Brave Heron');
    t.setNow(new Date(reservedAt.getTime() + RESERVATION_TTL_MS - 1000));
    expect((await setup(newDeviceId(), 'Calm Owl')).status).toBe(409);
    t.setNow(new Date(reservedAt.getTime() + RESERVATION_TTL_MS));
    expect((await setup(newDeviceId(), 'Calm Owl')).status).toBe(201);
    expect((await setup(newDeviceId(), 'Brave Heron')).status).toBe(409);
  });

  it(`limits registrations per address to ${REGISTRATIONS_PER_ADDRESS.max} an hour (429 with Retry-After)`, async () => {
    const free = names(REGISTRATIONS_PER_ADDRESS.max + 1);
    for (const name of free.slice(0, -1))
      expect((await setup(newDeviceId(), name)).status).toBe(201);
    const refused = await expectRefusedWithoutEvents(
      t,
      () => setup(newDeviceId(), free.at(-1)!),
      429,
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // An hour on, the address may register again.
    t.setNow(new Date(Date.parse('2026-11-22T15:00:00Z') + 60 * 60_000));
    expect((await setup(newDeviceId(), free.at(-1)!)).status).toBe(201);
  });
});
