import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REFRESH_RETRY_GRACE_MS } from '../../domain/accounts/sessions';
import {
  refusesWithoutEvents as refuses,
  signIn as signInAs,
  signUpVerified,
} from '../support/accounts';
import { newDeviceId, startTestApp, testAdmin, type TestApp } from '../support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await startTestApp();
});
afterEach(async () => {
  await t.close();
});

const signUp = (email: string, password = 'long enough pw', deviceId?: string) =>
  signUpVerified(t, email, password, deviceId);
const signIn = (email: string, password: string, deviceId?: string) =>
  signInAs(t, email, password, deviceId ? { deviceId } : {});
const refusesWithoutEvents = (send: () => request.Test, status: number, field?: string) =>
  refuses(t, send, status, field);

describe('sign-in', () => {
  it('signs in with the right password, whatever the email’s case', async () => {
    await signUp('ada@example.org', 'long enough pw');
    const res = await signIn('Ada@Example.org', 'long enough pw');
    expect(res.status).toBe(200);
    expect(res.body.user.email).toBe('ada@example.org');
  });

  it('answers a wrong password and an unknown email the same way', async () => {
    await signUp('ada@example.org', 'long enough pw');
    const wrong = await refusesWithoutEvents(() => signIn('ada@example.org', 'nope nope'), 401);
    const unknown = await refusesWithoutEvents(() => signIn('who@example.org', 'nope nope'), 401);
    expect(wrong.body.title).toBe('Sign In Failed');
    expect(wrong.body.detail).toBe('Invalid login credentials');
    const strip = (b: Record<string, unknown>) => ({ ...b, requestId: undefined });
    expect(strip(unknown.body)).toEqual(strip(wrong.body));
  });

  it('names the missing field', async () => {
    const res = await refusesWithoutEvents(
      () => request(t.app).post('/api/auth/signin').send({ email: 'ada@example.org' }),
      400,
      'password',
    );
    expect(res.body.detail).toBe('password is required');
  });

  it('links a fresh device to the account’s identity, and leaves a device with its own alone', async () => {
    const first = await t.register(newDeviceId(), 'Calm Owl');
    await signUp('owl@example.org', 'long enough pw', first.deviceId);

    const fresh = newDeviceId();
    const res = await signIn('owl@example.org', 'long enough pw', fresh);
    expect(res.status).toBe(200);
    const pseudonym = await request(t.app)
      .get(`/api/device/${fresh}/pseudonym`)
      .set('X-Device-ID', fresh)
      .set('X-Min-Position', res.body.position);
    expect(pseudonym.body).toEqual({ pseudonym: 'Calm Owl' });

    const other = await t.register(newDeviceId(), 'Brave Fox');
    expect((await signIn('owl@example.org', 'long enough pw', other.deviceId)).status).toBe(200);
    const kept = await request(t.app)
      .get(`/api/device/${other.deviceId}/pseudonym`)
      .set('X-Device-ID', other.deviceId)
      .set('X-Min-Position', other.position);
    expect(kept.body).toEqual({ pseudonym: 'Brave Fox' });
  });
});

describe('sessions', () => {
  it('reads the session with a valid access token only', async () => {
    const body = await signUp('ada@example.org');
    const ok = await request(t.app)
      .get('/api/auth/session')
      .set('Authorization', `Bearer ${body.access_token}`);
    expect(ok.status).toBe(200);
    expect(ok.body.user.email).toBe('ada@example.org');
    for (const auth of [undefined, 'Bearer nonsense', `Bearer ${body.access_token}x`]) {
      const req = request(t.app).get('/api/auth/session');
      if (auth) req.set('Authorization', auth);
      const res = await req;
      expect(res.status).toBe(401);
      expect(res.body.title).toBe('Invalid JWT');
    }
  });

  it('refuses an expired access token', async () => {
    const body = await signUp('ada@example.org');
    t.setNow(new Date('2026-11-22T15:16:00Z'));
    const res = await request(t.app)
      .get('/api/auth/session')
      .set('Authorization', `Bearer ${body.access_token}`);
    expect(res.status).toBe(401);
  });

  it('rotates refresh tokens and revokes the family when a spent one returns', async () => {
    const first = await signUp('ada@example.org');
    const second = await request(t.app)
      .post('/api/auth/refresh')
      .send({ refresh_token: first.refresh_token });
    expect(second.status).toBe(200);
    expect(second.body.refresh_token).not.toBe(first.refresh_token);
    expect(second.body.user.email).toBe('ada@example.org');

    // Past the retry grace, the spent token can only be a copy in someone else's hands.
    t.setNow(new Date(Date.parse('2026-11-22T15:00:00Z') + REFRESH_RETRY_GRACE_MS + 1000));
    const replay = await request(t.app)
      .post('/api/auth/refresh')
      .send({ refresh_token: first.refresh_token });
    expect(replay.status).toBe(401);
    const revoked = (await t.allEvents()).filter((e) => e.type === 'SessionRevoked');
    expect(revoked.map((e) => (e.data as { reason: string }).reason)).toEqual(['reuse']);

    // The thief's replay ends the legitimate holder's session too.
    const legit = await request(t.app)
      .post('/api/auth/refresh')
      .send({ refresh_token: second.body.refresh_token });
    expect(legit.status).toBe(401);
    const session = await request(t.app)
      .get('/api/auth/session')
      .set('Authorization', `Bearer ${second.body.access_token}`);
    expect(session.status).toBe(401);
  });

  it('answers a retried exchange with the same new token, revoking nothing', async () => {
    const first = await signUp('ada@example.org');
    const exchange = () =>
      request(t.app).post('/api/auth/refresh').send({ refresh_token: first.refresh_token });
    const answered = await exchange();
    // The answer was lost on the way back; the client asks again a moment later.
    t.setNow(new Date(Date.parse('2026-11-22T15:00:00Z') + 2_000));
    const retried = await exchange();
    expect(retried.status).toBe(200);
    expect(retried.body.refresh_token).toBe(answered.body.refresh_token);
    expect((await t.allEvents()).filter((e) => e.type === 'SessionRefreshed')).toHaveLength(1);
    expect((await t.allEvents()).some((e) => e.type === 'SessionRevoked')).toBe(false);

    const next = await request(t.app)
      .post('/api/auth/refresh')
      .send({ refresh_token: retried.body.refresh_token });
    expect(next.status).toBe(200);
    expect(next.body.refresh_token).not.toBe(retried.body.refresh_token);
  });

  it('refuses malformed and unknown refresh tokens without appending', async () => {
    await refusesWithoutEvents(() => request(t.app).post('/api/auth/refresh').send({}), 400);
    await refusesWithoutEvents(
      () => request(t.app).post('/api/auth/refresh').send({ refresh_token: 'abc' }),
      401,
    );
    await refusesWithoutEvents(
      () => request(t.app).post('/api/auth/refresh').send({ refresh_token: 'fam.secret' }),
      401,
    );
  });

  it('signs out: the access token and refresh token stop working', async () => {
    const body = await signUp('ada@example.org');
    const out = await request(t.app)
      .post('/api/auth/signout')
      .set('Authorization', `Bearer ${body.access_token}`);
    expect(out.status).toBe(204);
    const session = await request(t.app)
      .get('/api/auth/session')
      .set('Authorization', `Bearer ${body.access_token}`);
    expect(session.status).toBe(401);
    const refresh = await request(t.app)
      .post('/api/auth/refresh')
      .send({ refresh_token: body.refresh_token });
    expect(refresh.status).toBe(401);
    await refusesWithoutEvents(() => request(t.app).post('/api/auth/signout'), 401);
  });
});

describe('metadata after setup', () => {
  it('confirms the account with the pseudonym this device chose', async () => {
    const deviceId = newDeviceId();
    const body = await signUp('ada@example.org');
    await t.register(deviceId, 'Calm Owl');
    const res = await request(t.app)
      .patch('/api/auth/user')
      .set('Authorization', `Bearer ${body.access_token}`)
      .set('X-Device-ID', deviceId)
      .send({ data: { display_name: 'Calm Owl', confirmed: true } });
    expect(res.status).toBe(200);
    expect(res.body.user.user_metadata).toEqual({ display_name: 'Calm Owl', confirmed: true });
    const again = await signIn('ada@example.org', 'long enough pw');
    expect(again.body.user.user_metadata.confirmed).toBe(true);
  });

  it('refuses a display name other than the device’s pseudonym, and bad bodies', async () => {
    const deviceId = newDeviceId();
    const body = await signUp('ada@example.org');
    await t.register(deviceId, 'Calm Owl');
    const patch = (payload: unknown) => () =>
      request(t.app)
        .patch('/api/auth/user')
        .set('Authorization', `Bearer ${body.access_token}`)
        .set('X-Device-ID', deviceId)
        .send(payload as object);
    await refusesWithoutEvents(
      patch({ data: { display_name: 'Someone Else', confirmed: true } }),
      409,
      'display_name',
    );
    await refusesWithoutEvents(
      patch({ data: { display_name: 'Calm Owl' } }),
      400,
      'data.confirmed',
    );
    await refusesWithoutEvents(patch({}), 400, 'data');
    await refusesWithoutEvents(
      () =>
        request(t.app)
          .patch('/api/auth/user')
          .set('X-Device-ID', deviceId)
          .send({ data: { display_name: 'Calm Owl', confirmed: true } }),
      401,
    );
  });
});

describe('admin login', () => {
  const login = (username: string, password: string) =>
    request(t.app).post('/api/admin/login').send({ username, password });

  it('logs in with the configured credentials, verifies, and logs out', async () => {
    const res = await login(testAdmin.username, testAdmin.password);
    expect(res.status).toBe(200);
    expect(res.body.token).toEqual(expect.any(String));
    const auth = `Bearer ${res.body.token}`;
    const verify = await request(t.app).get('/api/admin/verify').set('Authorization', auth);
    expect(verify.body).toEqual({ valid: true, username: 'admin' });
    expect((await request(t.app).post('/api/admin/logout').set('Authorization', auth)).status).toBe(
      204,
    );
    expect((await request(t.app).get('/api/admin/verify').set('Authorization', auth)).status).toBe(
      401,
    );
    const types = (await t.allEvents()).map((e) => e.type);
    expect(types).toEqual(expect.arrayContaining(['AdminSignedIn', 'AdminSignedOut']));
  });

  it('answers wrong credentials with Login failed, appending only the audit’s count', async () => {
    const before = (await t.allEvents()).length;
    const res = await login('admin', 'password');
    expect(res.status).toBe(401);
    expect(res.body.title).toBe('Login failed');
    expect(res.body.detail).toBe('Invalid credentials');
    expect((await login('root', testAdmin.password)).status).toBe(401);
    const written = (await t.allEvents()).slice(before);
    expect(written.map((e) => [e.type, (e.data as { username: string | null }).username])).toEqual([
      ['AdminSignInFailed', 'admin'],
      ['AdminSignInFailed', null],
    ]);
    await refusesWithoutEvents(() => request(t.app).post('/api/admin/login').send({}), 400);
  });

  it('refuses admin routes without a valid admin token', async () => {
    const user = await signUp('ada@example.org');
    for (const auth of [undefined, 'Bearer junk', `Bearer ${user.access_token}`]) {
      const req = request(t.app).get('/api/admin/verify');
      if (auth) req.set('Authorization', auth);
      const res = await req;
      expect(res.status).toBe(401);
    }
    await refusesWithoutEvents(() => request(t.app).post('/api/admin/logout'), 401);
  });

  it('does not accept an admin token as a member session', async () => {
    const { body } = await login(testAdmin.username, testAdmin.password);
    const res = await request(t.app)
      .get('/api/auth/session')
      .set('Authorization', `Bearer ${body.token}`);
    expect(res.status).toBe(401);
  });
});
