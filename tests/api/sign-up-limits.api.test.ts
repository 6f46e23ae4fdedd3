import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { SIGN_UPS_OVERALL, SIGN_UPS_PER_ADDRESS } from '../../api/auth/rate-limiter';
import { KdfBusyError, KdfClosedError } from '../../infra/auth/kdf-pool';
import { createPasswordHasher } from '../../infra/auth/passwords';
import { mailedToken, refusesWithoutEvents, signIn, signUp, verify } from '../support/accounts';
import { startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
afterEach(async () => {
  await t.close();
});

const signUpFrom = (address: string, email: string) =>
  request(t.app)
    .post('/api/auth/signup')
    .set('X-Forwarded-For', address)
    .send({ email, password: 'long enough pw' });

describe('sign-up is not a free denial of service', () => {
  it('limits sign-ups per address, with 429 and Retry-After, writing nothing', async () => {
    t = await startTestApp();
    for (let i = 0; i < SIGN_UPS_PER_ADDRESS.maxFailures; i++) {
      expect((await signUp(t, `p${i}@example.org`)).status).toBe(202);
    }
    const limited = await refusesWithoutEvents(t, () => signUp(t, 'one-more@example.org'), 429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(t.outbox().some((m) => m.to === 'one-more@example.org')).toBe(false);
  });

  it('past the overall cap, proves the address first: a flood from many addresses shuts nobody out', async () => {
    t = await startTestApp({ trustProxy: true });
    for (let i = 0; i < SIGN_UPS_OVERALL.maxFailures; i++) {
      const res = await signUpFrom(`10.1.${i >> 8}.${i & 255}`, 'same@example.org');
      expect(res.status).toBe(202);
    }
    // 300 sign-ups, each hashing a password: room for a machine shared with other work.
    const hashed: string[] = [];
    const hash = t.ctx.auth.passwords.hash;
    t.ctx.auth.passwords.hash = (password) => (hashed.push(password), hash(password));
    const newcomer = await signUpFrom('192.0.2.1', 'newcomer@example.org');
    expect(newcomer.status).toBe(202);
    expect(newcomer.body).toMatchObject({ email: 'newcomer@example.org' });
    // The flood costs no more key derivations, and the password sent is kept nowhere.
    expect(hashed).toEqual([]);
    expect((await signIn(t, 'newcomer@example.org', 'long enough pw')).status).toBe(401);
    // The mailed link works: the browser that signed up chooses its password there.
    const token = mailedToken(t, 'newcomer@example.org', '/auth/verify');
    const asked = await verify(t, token, undefined, { signup_token: newcomer.body.signup_token });
    expect(asked.status).toBe(400);
    expect(asked.body).toMatchObject({ field: 'password', title: 'Choose your password' });
    const chosen = await verify(t, token, undefined, {
      signup_token: newcomer.body.signup_token,
      password: 'my own phrase now',
    });
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
    expect((await signIn(t, 'newcomer@example.org', 'my own phrase now')).status).toBe(200);
    // An address's own share still holds: the flood's addresses are refused past theirs.
    for (let i = 1; i < SIGN_UPS_PER_ADDRESS.maxFailures; i++) {
      expect((await signUpFrom('10.1.0.0', `more${i}@example.org`)).status).toBe(202);
    }
    expect((await signUpFrom('10.1.0.0', 'one-more@example.org')).status).toBe(429);
  }, 90_000);

  it('answers 503 with Retry-After at once when password work is queued to its cap', async () => {
    t = await startTestApp();
    const working = t.ctx.auth.passwords;
    t.ctx.auth.passwords = createPasswordHasher(2 ** 10, () => Promise.reject(new KdfBusyError(3)));
    for (const send of [
      () => signUp(t, 'ada@example.org'),
      () => signIn(t, 'ada@example.org', 'long enough pw'),
    ]) {
      const res = await refusesWithoutEvents(t, send, 503);
      expect(res.headers['retry-after']).toBe('3');
      expect(res.body.title).toBe('Busy');
    }
    expect(t.outbox()).toEqual([]);
    // Turned away, it used up no sign-up of the address: a retry later is not refused for it.
    for (let i = 0; i <= SIGN_UPS_PER_ADDRESS.maxFailures; i++) {
      expect((await signUp(t, 'ada@example.org')).status).toBe(503);
    }
    t.ctx.auth.passwords = working;
    expect((await signUp(t, 'ada@example.org')).status).toBe(202);
  });

  it('answers 503 when password work is cut short by a shutdown, for members and admins', async () => {
    t = await startTestApp();
    t.ctx.auth.passwords = createPasswordHasher(2 ** 10, () =>
      Promise.reject(new KdfClosedError()),
    );
    for (const send of [
      () => signUp(t, 'ada@example.org'),
      () => signIn(t, 'ada@example.org', 'long enough pw'),
      () =>
        request(t.app)
          .post('/api/admin/login')
          .send({ username: 'someone', password: 'long enough pw' }),
    ]) {
      const res = await refusesWithoutEvents(t, send, 503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.body.title).toBe('Restarting');
    }
  });
});
