import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RESET_LINK_TTL_MS } from '../../domain/accounts/one-time-links';
import {
  mailedToken,
  refusesWithoutEvents,
  signIn,
  signUp,
  signUpVerified,
} from '../support/accounts';
import { startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await startTestApp();
});
afterEach(async () => {
  await t.close();
});

const recover = (email: string) => request(t.app).post('/api/auth/recover').send({ email });
const reset = (token: string, password: string) =>
  request(t.app).post('/api/auth/reset').send({ token, password });
const sessionWith = (accessToken: string) =>
  request(t.app).get('/api/auth/session').set('Authorization', `Bearer ${accessToken}`);
const refresh = (refreshToken: string) =>
  request(t.app).post('/api/auth/refresh').send({ refresh_token: refreshToken });

describe('password reset by mailed link', () => {
  it('answers the same for any address, and mails a link only to a proven account', async () => {
    await signUpVerified(t, 'ada@example.org');
    await signUp(t, 'unproven@example.org');
    const sent = t.outbox().length;
    const answers = await Promise.all(
      ['ada@example.org', 'nobody@example.org', 'unproven@example.org'].map(recover),
    );
    expect(answers.map((r) => r.status)).toEqual([202, 202, 202]);
    const bodies = answers.map((r) => ({ ...r.body, email: undefined }));
    expect(bodies[1]).toEqual(bodies[0]);
    expect(bodies[2]).toEqual(bodies[0]);
    expect(answers[0]!.body.link_expires_in).toBe(RESET_LINK_TTL_MS / 1000);
    const mails = t.outbox().slice(sent);
    expect(mails.map((m) => [m.to, m.subject])).toEqual([
      ['ada@example.org', 'Choose a new Boon password'],
    ]);
    expect(mails[0]!.links[0]).toMatch(/\/auth\/reset\?token=/);
  });

  it('sets a new password, ends every session, and works once', async () => {
    const first = await signUpVerified(t, 'ada@example.org', 'old password here');
    const second = (await signIn(t, 'ada@example.org', 'old password here')).body;
    await recover('ada@example.org');
    const token = mailedToken(t, 'ada@example.org', '/auth/reset');

    const res = await reset(token, 'a brand new phrase');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toMatch(/Sign in with the new one/);

    for (const session of [first, second]) {
      expect((await sessionWith(session.access_token)).status).toBe(401);
      expect((await refresh(session.refresh_token)).status).toBe(401);
    }
    expect((await signIn(t, 'ada@example.org', 'old password here')).status).toBe(401);
    const fresh = await signIn(t, 'ada@example.org', 'a brand new phrase');
    expect(fresh.status).toBe(200);
    expect((await sessionWith(fresh.body.access_token)).status).toBe(200);

    const again = await refusesWithoutEvents(
      t,
      () => reset(token, 'yet another phrase'),
      400,
      'token',
    );
    expect(again.body.detail).toMatch(/expired or was already used/);
  });

  it('works for half an hour only', async () => {
    await signUpVerified(t, 'ada@example.org');
    await recover('ada@example.org');
    const token = mailedToken(t, 'ada@example.org', '/auth/reset');
    t.setNow(new Date(Date.parse('2026-11-22T15:00:00Z') + RESET_LINK_TTL_MS));
    await refusesWithoutEvents(t, () => reset(token, 'a brand new phrase'), 400, 'token');
  });

  it('refuses weak passwords and bad bodies with the field named, the link kept', async () => {
    await signUpVerified(t, 'ada@example.org');
    await recover('ada@example.org');
    const token = mailedToken(t, 'ada@example.org', '/auth/reset');
    await refusesWithoutEvents(t, () => reset(token, 'short'), 400, 'password');
    const weak = await refusesWithoutEvents(t, () => reset(token, 'password123'), 400, 'password');
    expect(weak.body.title).toBe('Weak password');
    await refusesWithoutEvents(t, () => reset('', 'a brand new phrase'), 400, 'token');
    await refusesWithoutEvents(
      t,
      () => request(t.app).post('/api/auth/reset').send({ token }),
      400,
      'password',
    );
    await refusesWithoutEvents(t, () => reset('junk.token', 'a brand new phrase'), 400, 'token');
    expect((await reset(token, 'a brand new phrase')).status).toBe(200);
  });

  it('does not let a verification link reset the password', async () => {
    await signUp(t, 'ada@example.org');
    const verification = mailedToken(t, 'ada@example.org', '/auth/verify');
    await refusesWithoutEvents(t, () => reset(verification, 'a brand new phrase'), 400, 'token');
  });
});

describe('limits on mailed links', () => {
  it('caps link mails per recipient, from each address and from everyone, answering the same', async () => {
    const trusting = await startTestApp({ trustProxy: true });
    try {
      await signUpVerified(trusting, 'ada@example.org');
      const recoverFrom = (address: string) =>
        request(trusting.app)
          .post('/api/auth/recover')
          .set('X-Forwarded-For', address)
          .send({ email: 'ada@example.org' });
      const resetMails = () =>
        trusting.outbox().filter((m) => m.subject === 'Choose a new Boon password').length;
      // One stranger's address: three, then nothing more from there.
      for (let i = 0; i < 4; i++) expect((await recoverFrom('203.0.113.7')).status).toBe(202);
      expect(resetMails()).toBe(3);
      // The owner's own address still has its allowance; strangers elsewhere share what is left.
      expect((await recoverFrom('198.51.100.2')).status).toBe(202);
      expect(resetMails()).toBe(4);
      for (let i = 0; i < 3; i++) expect((await recoverFrom(`192.0.2.${i}`)).status).toBe(202);
      expect(resetMails()).toBe(5);
      // However many were refused, the newest link mailed still works.
      const res = await request(trusting.app)
        .post('/api/auth/reset')
        .send({
          token: mailedToken(trusting, 'ada@example.org', '/auth/reset'),
          password: 'a brand new phrase',
        });
      expect(res.status).toBe(200);
    } finally {
      await trusting.close();
    }
  });

  it('limits mail requests per address with 429 and Retry-After', async () => {
    for (let i = 0; i < 5; i++) expect((await recover(`p${i}@example.org`)).status).toBe(202);
    const limited = await refusesWithoutEvents(t, () => recover('p9@example.org'), 429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('limits links that do not work, per address', async () => {
    for (let i = 0; i < 20; i++) {
      expect((await reset(`acct.${'x'.repeat(20)}${i}`, 'a brand new phrase')).status).toBe(400);
    }
    expect((await reset(`acct.${'x'.repeat(30)}`, 'a brand new phrase')).status).toBe(429);
    const verify = await request(t.app).post('/api/auth/verify').send({ token: 'a.b' });
    expect(verify.status).toBe(429);
    // A link that works still works from that address: only failures are limited.
    await signUpVerified(t, 'ada@example.org');
    await recover('ada@example.org');
    const valid = await reset(
      mailedToken(t, 'ada@example.org', '/auth/reset'),
      'a brand new phrase',
    );
    expect(valid.status, JSON.stringify(valid.body)).toBe(200);
  });
});
