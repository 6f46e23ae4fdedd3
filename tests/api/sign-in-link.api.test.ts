import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { PER_ACCOUNT } from '../../api/auth/rate-limiter';
import { SIGN_IN_LINK_TTL_MS } from '../../domain/accounts/one-time-links';
import { refusesWithoutEvents, signIn, signUp, signUpVerified } from '../support/accounts';
import { newDeviceId, startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
afterEach(async () => {
  await t.close();
});

const EMAIL = 'ada@example.org';
const PASSWORD = 'long enough pw';
const OWNER = '198.51.100.2';
const START = Date.parse('2026-11-22T15:00:00Z');

const askForLink = (email: string, from?: string) => {
  const req = request(t.app).post('/api/auth/signin-link');
  if (from) req.set('X-Forwarded-For', from);
  return req.send({ email });
};
const useLink = (token: string, deviceId?: string) => {
  const req = request(t.app).post('/api/auth/signin-link/use');
  if (deviceId) req.set('X-Device-ID', deviceId);
  return req.send({ token });
};
/** The token of the newest sign-in link mailed to the address. */
const mailedSignInLink = (email: string) => {
  const link = t
    .outbox()
    .filter((m) => m.to === email)
    .flatMap((m) => m.links)
    .filter((l) => new URL(l).pathname === '/auth/link')
    .at(-1);
  return link ? new URL(link).searchParams.get('token')! : null;
};

/** A guesser on many addresses, one guess every two seconds: the account's backoff is busy. */
const hammer = async (guesses: number, from = 0) => {
  for (let i = from; i < from + guesses; i++) {
    t.setNow(new Date(START + i * 2_000));
    await signIn(t, EMAIL, `wrong guess ${i}`, { from: `192.0.2.${i % 250}` });
  }
};

describe('an owner whom guessing has throttled', () => {
  it('is offered a mailed sign-in link, which gets them in and makes the browser known', async () => {
    t = await startTestApp({ trustProxy: true });
    await signUpVerified(t, EMAIL, PASSWORD);
    await hammer(PER_ACCOUNT.maxFailures + 10);
    // The owner, in a browser that never signed in, with the right password: throttled.
    const refused = await signIn(t, EMAIL, PASSWORD, { from: OWNER });
    expect(refused.status).toBe(429);
    expect(refused.body.detail).toMatch(/sign in with a link we mail you/);

    expect((await askForLink(EMAIL, OWNER)).status).toBe(202);
    const token = mailedSignInLink(EMAIL)!;
    expect(t.outbox().at(-1)!.text).toContain('15 minutes');
    const device = newDeviceId();
    const res = await useLink(token, device);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ token_type: 'bearer', user: { email: EMAIL } });
    const known = res.body.known_browser_token as string;
    expect(known).toEqual(expect.any(String));
    const session = await request(t.app)
      .get('/api/auth/session')
      .set('Authorization', `Bearer ${res.body.access_token}`);
    expect(session.status).toBe(200);

    // The guesser keeps going; the owner's browser is known now and gets in with its password.
    await hammer(10, PER_ACCOUNT.maxFailures + 10);
    expect((await signIn(t, EMAIL, PASSWORD, { from: OWNER })).status).toBe(429);
    expect((await signIn(t, EMAIL, PASSWORD, { from: OWNER, knownBrowser: known })).status).toBe(
      200,
    );
  });

  it('the guesser gets no way in from it: the link goes to the owner’s mailbox, and works once', async () => {
    t = await startTestApp({ trustProxy: true });
    await signUpVerified(t, EMAIL, PASSWORD);
    const ATTACKER = '203.0.113.7';
    // The guesser asks for links too: they land in the owner's inbox, nowhere else.
    const asked = await askForLink(EMAIL, ATTACKER);
    expect(asked.status).toBe(202);
    expect(JSON.stringify(asked.body)).not.toMatch(/token|\/auth\/link/);
    const token = mailedSignInLink(EMAIL)!;
    const [accountId] = token.split('.');
    // Guessing the link's secret, from the address the owner shares (a NAT): refused, then
    // told to wait.
    const fromShared = (sent: string) =>
      request(t.app).post('/api/auth/signin-link/use').set('X-Forwarded-For', ATTACKER).send({
        token: sent,
      });
    for (let i = 0; i < 20; i++) {
      const res = await fromShared(`${accountId}.${'x'.repeat(40)}${i}`);
      expect(res.status).toBe(400);
      expect(res.body.field).toBe('token');
    }
    const waiting = await refusesWithoutEvents(
      t,
      () => fromShared(`${accountId}.${'y'.repeat(41)}`),
      429,
    );
    expect(Number(waiting.headers['retry-after'])).toBeGreaterThan(0);
    // The owner, from that same address, uses the real link: it works, once.
    expect((await fromShared(token)).status).toBe(200);
    const again = await request(t.app)
      .post('/api/auth/signin-link/use')
      .set('X-Forwarded-For', OWNER)
      .send({ token });
    expect(again.status).toBe(400);
    expect(again.body.field).toBe('token');
  });
});

describe('sign-in links', () => {
  it('answer the same for any address, and are mailed to a proven one only', async () => {
    t = await startTestApp();
    await signUpVerified(t, EMAIL, PASSWORD);
    await signUp(t, 'unproven@example.org');
    const answers = await Promise.all(
      [EMAIL, 'nobody@example.org', 'unproven@example.org'].map((email) => askForLink(email)),
    );
    expect(answers.map((r) => r.status)).toEqual([202, 202, 202]);
    const bodies = answers.map((r) => ({ ...r.body, email: undefined }));
    expect(new Set(bodies.map((b) => JSON.stringify(b))).size).toBe(1);
    expect(answers[0]!.body.link_expires_in).toBe(SIGN_IN_LINK_TTL_MS / 1000);
    expect(mailedSignInLink(EMAIL)).not.toBeNull();
    expect(mailedSignInLink('unproven@example.org')).toBeNull();
  });

  it('work for fifteen minutes, and not after a password reset', async () => {
    t = await startTestApp();
    await signUpVerified(t, EMAIL, PASSWORD);
    await askForLink(EMAIL);
    const late = mailedSignInLink(EMAIL)!;
    t.setNow(new Date(START + SIGN_IN_LINK_TTL_MS));
    await refusesWithoutEvents(t, () => useLink(late), 400, 'token');

    await askForLink(EMAIL);
    const beforeReset = mailedSignInLink(EMAIL)!;
    await request(t.app).post('/api/auth/recover').send({ email: EMAIL });
    const reset = t
      .outbox()
      .flatMap((m) => m.links)
      .find((l) => new URL(l).pathname === '/auth/reset')!;
    const changed = await request(t.app)
      .post('/api/auth/reset')
      .send({ token: new URL(reset).searchParams.get('token'), password: 'a brand new phrase' });
    expect(changed.status).toBe(200);
    await refusesWithoutEvents(t, () => useLink(beforeReset), 400, 'token');
  });

  it('bring no erased account back', async () => {
    t = await startTestApp();
    const { user } = await signUpVerified(t, EMAIL, PASSWORD);
    await askForLink(EMAIL);
    const token = mailedSignInLink(EMAIL)!;
    await t.ctx.auth.vault.destroy(user.id);
    await refusesWithoutEvents(t, () => useLink(token), 400, 'token');
  });

  it('refuse bad bodies with the field named, appending nothing', async () => {
    t = await startTestApp();
    await refusesWithoutEvents(
      t,
      () => request(t.app).post('/api/auth/signin-link').send({}),
      400,
      'email',
    );
    await refusesWithoutEvents(
      t,
      () => request(t.app).post('/api/auth/signin-link').send({ email: 'not an email' }),
      400,
      'email',
    );
    await refusesWithoutEvents(
      t,
      () => request(t.app).post('/api/auth/signin-link/use').send({}),
      400,
      'token',
    );
    await refusesWithoutEvents(t, () => useLink('x'.repeat(201)), 400, 'token');
    expect(t.outbox()).toEqual([]);
  });
});
