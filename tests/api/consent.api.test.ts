import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signIn, signUpVerified } from '../support/accounts';
import { newDeviceId, startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await startTestApp();
});
afterEach(async () => {
  await t.close();
});

const agree = (deviceId: string, agreementType: string) =>
  request(t.app)
    .post('/api/user-agreements')
    .set('X-Device-ID', deviceId)
    .send({ agreementType, agreementVersion: '1.0' });

const consentOf = async (deviceId: string, position?: string) => {
  const req = request(t.app).get('/api/user/consent').set('X-Device-ID', deviceId);
  if (position) req.set('X-Min-Position', position);
  const res = await req;
  expect(res.status).toBe(200);
  return res.body as { decision: string | null; version: string };
};

/** An account confirmed on a first device with its pseudonym, that device acting as it. */
const accountOnFirstDevice = async (email: string) => {
  const first = newDeviceId();
  const session = await signUpVerified(t, email, 'long enough pw', first);
  const { pseudonym } = await t.register(first, 'Calm Owl');
  const confirmed = await request(t.app)
    .patch('/api/auth/user')
    .set('Authorization', `Bearer ${session.access_token}`)
    .set('X-Device-ID', first)
    .send({ data: { display_name: pseudonym, confirmed: true } });
  expect(confirmed.status).toBe(200);
  return first;
};

describe('consent is recorded on the person', () => {
  it('is known to a second device of the same account, which is not asked again', async () => {
    const first = await accountOnFirstDevice('ada@example.org');
    expect((await consentOf(first)).decision).toBeNull();
    expect((await agree(first, 'privacy')).status).toBe(201);
    const terms = await agree(first, 'terms');
    expect(terms.status).toBe(201);
    expect(await consentOf(first, terms.body.position)).toEqual({
      decision: 'accepted',
      version: '1.0',
    });

    const second = newDeviceId();
    const signedIn = await signIn(t, 'ada@example.org', 'long enough pw', { deviceId: second });
    expect(signedIn.status).toBe(200);
    expect((await consentOf(second, signedIn.body.position)).decision).toBe('accepted');
    // Recorded on the person, under the device that gave it.
    const recorded = (await t.allEvents()).filter((e) => e.type === 'AgreementRecorded');
    expect(recorded).toHaveLength(2);
    expect(new Set(recorded.map((e) => (e.data as { personId: string }).personId)).size).toBe(1);
  });

  it('a change of mind on any device is the person’s decision everywhere', async () => {
    const first = await accountOnFirstDevice('bo@example.org');
    await agree(first, 'privacy');
    await agree(first, 'terms');
    const second = newDeviceId();
    await signIn(t, 'bo@example.org', 'long enough pw', { deviceId: second });
    const declined = await agree(second, 'privacy_decline');
    expect(declined.status).toBe(201);
    expect((await consentOf(first, declined.body.position)).decision).toBe('declined');
  });

  it('is nobody else’s: another person and an unregistered device know none', async () => {
    const ann = await t.register();
    const terms = (await agree(ann.deviceId, 'privacy'), await agree(ann.deviceId, 'terms'));
    expect((await consentOf(ann.deviceId, terms.body.position)).decision).toBe('accepted');
    const ben = await t.register();
    expect((await consentOf(ben.deviceId, terms.body.position)).decision).toBeNull();
    expect((await consentOf(newDeviceId())).decision).toBeNull();
    expect((await request(t.app).get('/api/user/consent')).status).toBe(400);
  });
});
