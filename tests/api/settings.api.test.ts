import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AGREEMENTS_PER_DEVICE } from '../../api/http/quotas';
import { expectRefusedWithoutEvents } from '../support/refusals';
import { newDeviceId, startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await startTestApp();
});
afterEach(async () => {
  await t.close();
});

const eventCount = async () => (await t.allEvents()).length;

describe('settings', () => {
  it('shows a registered device its pseudonym with activity shown by default', async () => {
    const me = await t.register(newDeviceId(), 'Calm Owl');
    const res = await request(t.app)
      .get(`/api/user/settings/${me.deviceId}`)
      .set('X-Device-ID', me.deviceId)
      .set('X-Min-Position', me.position);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ showActivity: true, pseudonym: 'Calm Owl' });
  });

  it('persists Show Activity as an event and reads it back', async () => {
    const me = await t.register(newDeviceId(), 'Calm Owl');
    const patch = await request(t.app)
      .patch(`/api/user/settings/${me.deviceId}`)
      .set('X-Device-ID', me.deviceId)
      .send({ showActivity: false });
    expect(patch.status).toBe(200);
    expect(patch.body).toMatchObject({ showActivity: false, pseudonym: 'Calm Owl' });
    const read = await request(t.app)
      .get(`/api/user/settings/${me.deviceId}`)
      .set('X-Device-ID', me.deviceId);
    expect(read.body.showActivity).toBe(false);
    const changed = (await t.allEvents()).filter((e) => e.type === 'SettingsChanged');
    expect(changed).toHaveLength(1);
    expect(JSON.stringify(changed[0]!.data)).not.toContain(me.deviceId);

    // Saving the same value again records nothing.
    const before = await eventCount();
    await request(t.app)
      .patch(`/api/user/settings/${me.deviceId}`)
      .set('X-Device-ID', me.deviceId)
      .send({ showActivity: false });
    expect(await eventCount()).toBe(before);
  });

  it('never shows or changes another device’s settings', async () => {
    const alice = await t.register(newDeviceId(), 'Calm Owl');
    const bob = await t.register(newDeviceId(), 'Brave Fox');
    const read = await request(t.app)
      .get(`/api/user/settings/${alice.deviceId}`)
      .set('X-Device-ID', bob.deviceId);
    expect(read.status).toBe(403);
    expect(JSON.stringify(read.body)).not.toContain('Calm Owl');
    const before = await eventCount();
    const write = await request(t.app)
      .patch(`/api/user/settings/${alice.deviceId}`)
      .set('X-Device-ID', bob.deviceId)
      .send({ showActivity: false });
    expect(write.status).toBe(403);
    expect(await eventCount()).toBe(before);
  });

  it('answers 404 for an unregistered device and 400 for bad bodies', async () => {
    const stranger = newDeviceId();
    const unknown = await request(t.app)
      .get(`/api/user/settings/${stranger}`)
      .set('X-Device-ID', stranger);
    expect(unknown.status).toBe(404);
    const changeUnregistered = await request(t.app)
      .patch(`/api/user/settings/${stranger}`)
      .set('X-Device-ID', stranger)
      .send({ showActivity: false });
    expect(changeUnregistered.status).toBe(403);

    const me = await t.register(newDeviceId(), 'Calm Owl');
    const before = await eventCount();
    for (const body of [{}, { showActivity: 'no' }, { showActivity: true, admin: true }]) {
      const res = await request(t.app)
        .patch(`/api/user/settings/${me.deviceId}`)
        .set('X-Device-ID', me.deviceId)
        .send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.field).toBeTruthy();
    }
    expect(await eventCount()).toBe(before);
  });
});

describe('user agreements', () => {
  const agree = (deviceId: string, agreementType: string) =>
    request(t.app)
      .post('/api/user-agreements')
      .set('X-Device-ID', deviceId)
      .send({ agreementType, agreementVersion: '1.0' });
  const recorded = async () =>
    (await t.allEvents())
      .filter((e) => e.type === 'AgreementRecorded')
      .map((e) => (e.data as { agreementType: string }).agreementType);

  it('records only a change of decision, per registered device and version', async () => {
    const { deviceId } = await t.register();
    expect((await agree(deviceId, 'privacy')).status).toBe(201);
    expect((await agree(deviceId, 'terms')).status).toBe(201);
    expect((await agree(deviceId, 'privacy')).status).toBe(200);
    expect((await agree(deviceId, 'terms')).status).toBe(200);
    expect((await agree(deviceId, 'privacy_decline')).status).toBe(201);
    expect((await agree(deviceId, 'privacy_decline')).status).toBe(200);
    expect(await recorded()).toEqual(['privacy', 'terms', 'privacy_decline']);
  });

  it('refuses a device that has not registered (403), appending nothing', async () => {
    await expectRefusedWithoutEvents(t, () => agree(newDeviceId(), 'privacy'), 403);
  });

  it('cannot be used to grow the log: 2,000 calls record at most the quota', async () => {
    const { deviceId } = await t.register();
    const statuses: number[] = [];
    for (let i = 0; i < 2000; i++) {
      statuses.push((await agree(deviceId, i % 2 ? 'privacy_decline' : 'privacy')).status);
    }
    expect(statuses.slice(0, AGREEMENTS_PER_DEVICE.max).every((s) => s === 201)).toBe(true);
    expect(statuses.slice(AGREEMENTS_PER_DEVICE.max).every((s) => s === 429)).toBe(true);
    expect(await recorded()).toHaveLength(AGREEMENTS_PER_DEVICE.max);
    const refused = await expectRefusedWithoutEvents(t, () => agree(deviceId, 'terms'), 429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  }, 90_000);

  it('refuses unknown types, bad versions and a missing device without appending', async () => {
    const { deviceId: registered } = await t.register();
    const before = await eventCount();
    const cases: [Record<string, unknown>, string | undefined, string][] = [
      [{ agreementType: 'marketing', agreementVersion: '1.0' }, registered, 'agreementType'],
      [{ agreementType: 'privacy', agreementVersion: 'latest' }, registered, 'agreementVersion'],
      // A policy version that was never published cannot be agreed to.
      [{ agreementType: 'privacy', agreementVersion: '2.0' }, registered, 'agreementVersion'],
      [{ agreementType: 'privacy' }, registered, 'agreementVersion'],
      [{ agreementType: 'privacy', agreementVersion: '1.0' }, undefined, 'X-Device-ID'],
    ];
    for (const [body, deviceId, field] of cases) {
      const req = request(t.app).post('/api/user-agreements');
      if (deviceId) req.set('X-Device-ID', deviceId);
      const res = await req.send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.field).toBe(field);
    }
    expect(await eventCount()).toBe(before);
  });
});
