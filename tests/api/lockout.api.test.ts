import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { PER_ACCOUNT } from '../../api/auth/rate-limiter';
import { signIn, signUpVerified } from '../support/accounts';
import { startTestApp, testAdmin, type TestApp } from '../support/test-app';

let t: TestApp;
afterEach(async () => {
  await t.close();
});

const ATTACKER = '203.0.113.7';
const OWNER = '198.51.100.2';
const PASSWORD = 'long enough pw';

/** The app behind a proxy that names the client in X-Forwarded-For. */
const behindProxy = async () => {
  t = await startTestApp({ trustProxy: true });
  return t;
};

const guess = (email: string, from: string, i = 0) =>
  signIn(t, email, `wrong guess ${i}`, { from });

describe('guessing throttle without a lockout', () => {
  it('stops an address guessing at one account, not the owner elsewhere', async () => {
    await behindProxy();
    await signUpVerified(t, 'ada@example.org', PASSWORD);
    for (let i = 0; i < 5; i++)
      expect((await guess('ada@example.org', ATTACKER, i)).status).toBe(401);
    const limited = await guess('ada@example.org', ATTACKER, 6);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // The owner, without any token, from their own address: in.
    expect((await signIn(t, 'ada@example.org', PASSWORD, { from: OWNER })).status).toBe(200);
    // The attacker's address waits out its window (not every address, not the account).
    t.setNow(new Date('2026-11-22T15:16:00Z'));
    expect((await guess('ada@example.org', ATTACKER, 7)).status).toBe(401);
  });

  it('lets the owner’s known browser in from the attacker’s own address', async () => {
    await behindProxy();
    const { known_browser_token } = await signUpVerified(t, 'ada@example.org', PASSWORD);
    for (let i = 0; i < 6; i++) await guess('ada@example.org', ATTACKER, i);
    expect((await signIn(t, 'ada@example.org', PASSWORD, { from: ATTACKER })).status).toBe(429);
    const res = await signIn(t, 'ada@example.org', PASSWORD, {
      from: ATTACKER,
      knownBrowser: known_browser_token,
    });
    expect(res.status).toBe(200);
    expect(res.body.known_browser_token).toEqual(expect.any(String));
  });

  it('slows guessing from everywhere with a backoff; a known browser still gets in', async () => {
    await behindProxy();
    const { known_browser_token } = await signUpVerified(t, 'ada@example.org', PASSWORD);
    for (let i = 0; i < PER_ACCOUNT.maxFailures; i++) {
      expect((await guess('ada@example.org', `192.0.2.${i}`, i)).status).toBe(401);
    }
    // From a fresh address, the account now answers with a short wait, not a 15-minute lock.
    const slowed = await guess('ada@example.org', '192.0.2.200');
    expect(slowed.status).toBe(429);
    expect(Number(slowed.headers['retry-after'])).toBeLessThanOrEqual(2);
    const owner = await signIn(t, 'ada@example.org', PASSWORD, {
      from: OWNER,
      knownBrowser: known_browser_token,
    });
    expect(owner.status).toBe(200);
    // Once the short wait is over, anyone may try again (and the next wait doubles).
    t.setNow(new Date('2026-11-22T15:00:03Z'));
    expect((await guess('ada@example.org', '192.0.2.201')).status).toBe(401);
    const doubled = await guess('ada@example.org', '192.0.2.202');
    expect(Number(doubled.headers['retry-after'])).toBeGreaterThan(2);
  });

  it('counts a known browser’s wrong passwords too, and stops them at its own limit', async () => {
    await behindProxy();
    const { known_browser_token } = await signUpVerified(t, 'ada@example.org', PASSWORD);
    const withToken = (password: string) =>
      signIn(t, 'ada@example.org', password, { from: OWNER, knownBrowser: known_browser_token });
    for (let i = 0; i < 10; i++) expect((await withToken(`wrong ${i}`)).status).toBe(401);
    expect((await withToken(PASSWORD)).status).toBe(429);
    // Its failures counted on the account as well: strangers meet the backoff.
    expect((await guess('ada@example.org', '192.0.2.9')).status).toBe(429);
  });

  it('accepts no forged, foreign or malformed token as a known browser', async () => {
    await behindProxy();
    const ada = await signUpVerified(t, 'ada@example.org', PASSWORD);
    const bob = await signUpVerified(t, 'bob@example.org', PASSWORD);
    for (let i = 0; i < 6; i++) await guess('ada@example.org', ATTACKER, i);
    const [nonce, issued] = ada.known_browser_token.split('.');
    for (const token of [
      bob.known_browser_token,
      `${nonce}.${issued}.${'A'.repeat(43)}`,
      'not-a-token',
    ]) {
      const res = await signIn(t, 'ada@example.org', PASSWORD, {
        from: ATTACKER,
        knownBrowser: token,
      });
      expect(res.status).toBe(429);
    }
    const tooLong = await signIn(t, 'ada@example.org', PASSWORD, { knownBrowser: 'x'.repeat(201) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.field).toBe('known_browser_token');
  });

  it('limits failed attempts per address across many accounts', async () => {
    await behindProxy();
    for (let i = 0; i < 30; i++)
      expect((await guess(`guess${i}@example.org`, ATTACKER)).status).toBe(401);
    expect((await guess('guess99@example.org', ATTACKER)).status).toBe(429);
    expect((await guess('guess99@example.org', OWNER)).status).toBe(401);
  });
});

describe('forwarding headers', () => {
  it('are not believed by default: rotating X-Forwarded-For does not escape the limit', async () => {
    t = await startTestApp();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await guess(`guess${i}@example.org`, `10.0.${i >> 8}.${i & 255}`);
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});

describe('admin login', () => {
  const login = (password: string, from: string, token?: string) =>
    request(t.app)
      .post('/api/admin/login')
      .set('X-Forwarded-For', from)
      .send({
        username: testAdmin.username,
        password,
        ...(token ? { known_browser_token: token } : {}),
      });

  it('cannot be locked out by strangers: another address and a known browser get in', async () => {
    await behindProxy();
    const first = await login(testAdmin.password, OWNER);
    expect(first.status).toBe(200);
    const token = first.body.known_browser_token as string;
    for (let i = 0; i < 12; i++) await login(`guess ${i}`, `192.0.2.${i}`);
    for (let i = 0; i < 6; i++) await login(`guess ${i}`, ATTACKER);
    expect((await login(testAdmin.password, ATTACKER)).status).toBe(429);
    expect((await login(testAdmin.password, ATTACKER, token)).status).toBe(200);
    expect((await login(testAdmin.password, OWNER, token)).status).toBe(200);
  });

  it('still limits wrong admin passwords from one address', async () => {
    await behindProxy();
    for (let i = 0; i < 5; i++) expect((await login(`guess ${i}`, ATTACKER)).status).toBe(401);
    expect((await login(testAdmin.password, ATTACKER)).status).toBe(429);
    expect((await login(testAdmin.password, OWNER)).status).toBe(200);
  });
});
