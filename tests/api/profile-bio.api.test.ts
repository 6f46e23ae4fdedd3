import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectRefusedWithoutEvents } from '../support/refusals';
import { newDeviceId, startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await startTestApp();
});
afterEach(async () => {
  await t.close();
});

const BIO = 'Teacher, gardener, slow reader of Montaigne.';
const put = (deviceId: string, body: unknown) =>
  request(t.app)
    .put('/api/user/bio')
    .set('X-Device-ID', deviceId)
    .send(body as object);
const get = (deviceId: string, position?: string | null) => {
  const req = request(t.app).get('/api/user/bio').set('X-Device-ID', deviceId);
  return position ? req.set('X-Min-Position', position) : req;
};

describe('the profile bio', () => {
  it('is written, read back by its owner, and cleared', async () => {
    const ann = await t.register();
    expect((await get(ann.deviceId)).body).toEqual({ bio: null });
    const saved = await put(ann.deviceId, { bio: `  ${BIO}  ` });
    expect(saved.status).toBe(200);
    expect(saved.body.bio).toBe(BIO);
    expect((await get(ann.deviceId, saved.body.position)).body).toEqual({ bio: BIO });

    const again = await put(ann.deviceId, { bio: BIO });
    expect(again.body.position).toBeNull();

    const cleared = await put(ann.deviceId, { bio: '' });
    expect((await get(ann.deviceId, cleared.body.position)).body).toEqual({ bio: null });
  });

  it('is the caller’s own: another person reads only theirs', async () => {
    const ann = await t.register();
    const bob = await t.register();
    const saved = await put(ann.deviceId, { bio: BIO });
    expect((await get(bob.deviceId, saved.body.position)).body).toEqual({ bio: null });
  });

  it('is sealed in the log', async () => {
    const ann = await t.register();
    await put(ann.deviceId, { bio: BIO });
    const raw = JSON.stringify((await t.rawEvents()).map((e) => [e.type, e.data]));
    expect(raw).toContain('ProfileBioChanged');
    expect(raw).not.toContain('Montaigne');
  });

  it('refuses a bio over 280 characters or a bad body, and appends nothing', async () => {
    const ann = await t.register();
    await expectRefusedWithoutEvents(
      t,
      () => put(ann.deviceId, { bio: 'x'.repeat(281) }),
      400,
      'bio',
    );
    await expectRefusedWithoutEvents(t, () => put(ann.deviceId, { bio: 42 }), 400, 'bio');
    await expectRefusedWithoutEvents(t, () => put(ann.deviceId, { bio: 'hi\u0000' }), 400, 'bio');
    await expectRefusedWithoutEvents(
      t,
      () => put(ann.deviceId, { bio: 'hi', userId: 'x' }),
      400,
      'userId',
    );
    await expectRefusedWithoutEvents(t, () => put(newDeviceId(), { bio: BIO }), 403);
  });

  it('keeps a bio of exactly 280 characters, emoji counted as one', async () => {
    const ann = await t.register();
    const bio = `${'x'.repeat(279)}🌱`;
    expect((await put(ann.deviceId, { bio })).body.bio).toBe(bio);
  });
});
