import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REFRESH_RETRY_GRACE_MS } from '../../domain/accounts/sessions';
import { newDeviceId, startTestApp, testAdmin, type TestApp } from '../support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await startTestApp();
});
afterEach(async () => {
  await t.close();
});

const signUp = (email: string, password = 'long enough pw', deviceId?: string) => {
  const req = request(t.app).post('/api/auth/signup');
  if (deviceId) req.set('X-Device-ID', deviceId);
  return req.send({ email, password, data: { confirmed: false } });
};
const signIn = (email: string, password: string, deviceId?: string) => {
  const req = request(t.app).post('/api/auth/signin');
  if (deviceId) req.set('X-Device-ID', deviceId);
  return req.send({ email, password });
};

/** Sends a request and checks it was refused with the status and named field, appending nothing. */
const refusesWithoutEvents = async (send: () => request.Test, status: number, field?: string) => {
  const before = (await t.allEvents()).length;
  const res = await send();
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.type).toBe('application/problem+json');
  if (field) expect(res.body.field).toBe(field);
  expect((await t.allEvents()).length).toBe(before);
  return res;
};

describe('sign-up', () => {
  it('answers a session of the provider shape, with an unconfirmed user', async () => {
    const res = await signUp('ada@example.org');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      token_type: 'bearer',
      expires_in: 900,
      user: {
        email: 'ada@example.org',
        user_metadata: { display_name: null, confirmed: false },
      },
    });
    expect(res.body.access_token).toEqual(expect.any(String));
    expect(res.body.refresh_token).toEqual(expect.any(String));
    expect(res.body.expires_at).toBe(Math.floor(Date.parse('2026-11-22T15:00:00Z') / 1000) + 900);
  });

  it('never writes the email, the password or its hash readably into the log', async () => {
    await signUp('ada@example.org', 'my secret phrase');
    const log = JSON.stringify((await t.allEvents()).map((e) => e.data));
    expect(log).not.toContain('ada@example.org');
    expect(log).not.toContain('my secret phrase');
    // Even the password hash is sealed with the account's key: shredding it leaves nothing.
    expect(log).not.toContain('scrypt$');
  });

  it('after the account key is destroyed, nothing personal can be read or used', async () => {
    const { body } = await signUp('ada@example.org', 'long enough pw');
    await t.ctx.auth.vault.destroy(body.user.id);
    const session = await request(t.app)
      .get('/api/auth/session')
      .set('Authorization', `Bearer ${body.access_token}`);
    expect(session.status).toBe(200);
    expect(session.body.user.email).toBeNull();
    const again = await signIn('ada@example.org', 'long enough pw');
    expect(again.status).toBe(401);
    expect(again.body.detail).toBe('Invalid login credentials');
  });

  it('keeps normalized emails unique', async () => {
    expect((await signUp('ada@example.org')).status).toBe(201);
    const res = await refusesWithoutEvents(() => signUp('  ADA@Example.org '), 409, 'email');
    expect(res.body.title).toBe('Sign Up Failed');
  });

  it('gives the one account to exactly one of two racing sign-ups', async () => {
    const [a, b] = await Promise.all([signUp('race@example.org'), signUp('race@example.org')]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const accounts = (await t.allEvents()).filter((e) => e.type === 'AccountSignedUp');
    expect(accounts).toHaveLength(1);
  });

  it('refuses bad input with the field named and nothing appended', async () => {
    await refusesWithoutEvents(() => signUp('ada@example.org', 'short'), 400, 'password');
    await refusesWithoutEvents(() => signUp('not an email'), 400, 'email');
    const weak = await refusesWithoutEvents(
      () => signUp('ada@example.org', 'password123'),
      400,
      'password',
    );
    expect(weak.body.title).toBe('Weak password');
    expect(weak.body.detail).toMatch(/most common passwords/);
    await refusesWithoutEvents(
      () => request(t.app).post('/api/auth/signup').send({ password: 'long enough pw' }),
      400,
      'email',
    );
    await refusesWithoutEvents(
      () => request(t.app).post('/api/auth/signup').send({ email: 'a@b.org' }),
      400,
      'password',
    );
    await refusesWithoutEvents(
      () =>
        request(t.app)
          .post('/api/auth/signup')
          .set('Content-Type', 'application/json')
          .send('{"email":'),
      400,
      'body',
    );
  });

  it('brings a registered device’s identity along, already confirmed', async () => {
    const device = await t.register(newDeviceId(), 'Calm Owl');
    const res = await signUp('owl@example.org', 'long enough pw', device.deviceId);
    expect(res.status).toBe(201);
    expect(res.body.user.user_metadata).toEqual({ display_name: 'Calm Owl', confirmed: true });
    const linked = (await t.allEvents()).filter((e) => e.type === 'DeviceLinkedToAccount');
    expect(linked).toHaveLength(1);
  });
});

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

  it('limits failed attempts per account, with Retry-After, existing or not', async () => {
    await signUp('ada@example.org', 'long enough pw');
    for (const email of ['ada@example.org', 'ghost@example.org']) {
      for (let i = 0; i < 5; i++) expect((await signIn(email, 'wrong guess')).status).toBe(401);
      const limited = await signIn(email, 'wrong guess');
      expect(limited.status).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Even the right password waits out the window.
    expect((await signIn('ada@example.org', 'long enough pw')).status).toBe(429);
    t.setNow(new Date('2026-11-22T15:16:00Z'));
    expect((await signIn('ada@example.org', 'long enough pw')).status).toBe(200);
  });

  it('limits failed attempts per address across many accounts', async () => {
    const from = (address: string, i: number) =>
      request(t.app)
        .post('/api/auth/signin')
        .set('X-Forwarded-For', address)
        .send({ email: `guess${i}@example.org`, password: 'wrong guess' });
    for (let i = 0; i < 30; i++) expect((await from('203.0.113.7', i)).status).toBe(401);
    expect((await from('203.0.113.7', 99)).status).toBe(429);
    // Someone else, behind another address, is not held up.
    expect((await from('198.51.100.2', 99)).status).toBe(401);
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
      .set('X-Device-ID', other.deviceId);
    expect(kept.body).toEqual({ pseudonym: 'Brave Fox' });
  });
});

describe('sessions', () => {
  it('reads the session with a valid access token only', async () => {
    const { body } = await signUp('ada@example.org');
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
    const { body } = await signUp('ada@example.org');
    t.setNow(new Date('2026-11-22T15:16:00Z'));
    const res = await request(t.app)
      .get('/api/auth/session')
      .set('Authorization', `Bearer ${body.access_token}`);
    expect(res.status).toBe(401);
  });

  it('rotates refresh tokens and revokes the family when a spent one returns', async () => {
    const { body: first } = await signUp('ada@example.org');
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
    const { body: first } = await signUp('ada@example.org');
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
    const { body } = await signUp('ada@example.org');
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
    const { body } = await signUp('ada@example.org');
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
    const { body } = await signUp('ada@example.org');
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

  it('answers wrong credentials with Login failed and appends nothing', async () => {
    const res = await refusesWithoutEvents(() => login('admin', 'password'), 401);
    expect(res.body.title).toBe('Login failed');
    expect(res.body.detail).toBe('Invalid credentials');
    await refusesWithoutEvents(() => login('root', testAdmin.password), 401);
    await refusesWithoutEvents(() => request(t.app).post('/api/admin/login').send({}), 400);
  });

  it('refuses admin routes without a valid admin token', async () => {
    const { body: user } = await signUp('ada@example.org');
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

  it('limits failed admin logins', async () => {
    for (let i = 0; i < 5; i++) expect((await login('admin', `guess ${i}`)).status).toBe(401);
    expect((await login('admin', testAdmin.password)).status).toBe(429);
  });
});
