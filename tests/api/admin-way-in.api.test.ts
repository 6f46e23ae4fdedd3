import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { OPS_HEADER } from '../../api/http/local-only';
import { ADMIN_SIGN_IN_LINK_TTL_MS } from '../../domain/accounts/admin-sessions';
import { refusesWithoutEvents } from '../support/accounts';
import { startTestApp, testAdmin, type TestApp } from '../support/test-app';

let t: TestApp;
afterEach(async () => {
  await t.close();
});

const START = Date.parse('2026-11-22T15:00:00Z');

const login = (username: string, password: string, from: string, knownBrowser?: string) =>
  request(t.app)
    .post('/api/admin/login')
    .set('X-Forwarded-For', from)
    .send({ username, password, ...(knownBrowser ? { known_browser_token: knownBrowser } : {}) });

/** What `npm run admin-link -- <username>` asks on the server's machine. */
const makeLink = (username: string) =>
  request(t.app).post('/api/admin/sign-in-links').set(OPS_HEADER, '1').send({ username });

const useLink = (link: string) => {
  const query = new URL(link).searchParams;
  return request(t.app)
    .post('/api/admin/login/link')
    .send({ username: query.get('admin'), token: query.get('token') });
};

/** Guesses at the admin's password from twelve addresses, the way issue 27 found it locked. */
const hammer = async () => {
  for (let i = 0; i < 12; i++) {
    t.setNow(new Date(START + i * 2_000));
    await login(testAdmin.username, `guess ${i}`, `192.0.2.${i}`);
  }
};

describe('an admin whom guessing has throttled', () => {
  it('gets in by a valid link from an address that sent twenty junk ones before', async () => {
    t = await startTestApp({ trustProxy: 'loopback' });
    const shared = '203.0.113.9';
    const fromShared = (token: string) =>
      request(t.app)
        .post('/api/admin/login/link')
        .set('X-Forwarded-For', shared)
        .send({ username: testAdmin.username, token });
    for (let i = 0; i < 20; i++) {
      const junk = await fromShared(`${'j'.repeat(40)}${i}`);
      expect(junk.status).toBe(400);
      expect(junk.body.field).toBe('token');
    }
    await refusesWithoutEvents(t, () => fromShared('k'.repeat(43)), 429);
    const made = await makeLink(testAdmin.username);
    const res = await fromShared(new URL(made.body.link).searchParams.get('token')!);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.token).toEqual(expect.any(String));
  });

  it('gets in by a one-time link made on the server’s machine; the guesser never does', async () => {
    t = await startTestApp({ trustProxy: 'loopback' });
    await hammer();
    const refused = await login(testAdmin.username, testAdmin.password, '198.51.100.2');
    expect(refused.status).toBe(429);
    expect(refused.body.detail).toMatch(/npm run admin-link/);

    const made = await makeLink(testAdmin.username);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.link).toMatch(
      /^http:\/\/localhost:3000\/auth\/admin-link\?admin=admin&token=/,
    );
    expect(Date.parse(made.body.expiresAt)).toBe(
      t.ctx.clock.now().getTime() + ADMIN_SIGN_IN_LINK_TTL_MS,
    );
    const res = await useLink(made.body.link);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const verified = await request(t.app)
      .get('/api/admin/verify')
      .set('Authorization', `Bearer ${res.body.token}`);
    expect(verified.body).toEqual({ valid: true, username: 'admin' });
    // That browser is known from now on: its password gets through while guessing goes on.
    await hammer();
    const known = await login(
      testAdmin.username,
      testAdmin.password,
      '198.51.100.2',
      res.body.known_browser_token,
    );
    expect(known.status).toBe(200);
    // The link worked once; guessing its secret gets nowhere.
    expect((await useLink(made.body.link)).status).toBe(400);
    const guessed = await request(t.app)
      .post('/api/admin/login/link')
      .send({ username: 'admin', token: 'x'.repeat(43) });
    expect(guessed.status).toBe(400);
    expect(guessed.body.field).toBe('token');
  });

  it('links are made on the server’s machine only, for admins only, and last fifteen minutes', async () => {
    t = await startTestApp({ trustProxy: 'loopback' });
    const through = (header: string, value: string) =>
      refusesWithoutEvents(
        t,
        () =>
          request(t.app)
            .post('/api/admin/sign-in-links')
            .set(OPS_HEADER, '1')
            .set(header, value)
            .send({ username: 'admin' }),
        403,
      );
    await through('X-Forwarded-For', '203.0.113.7');
    await through('Host', 'boon.example.org');
    await through('Origin', 'https://evil.example');
    const withoutHeader = await refusesWithoutEvents(
      t,
      () => request(t.app).post('/api/admin/sign-in-links').send({ username: 'admin' }),
      403,
      OPS_HEADER,
    );
    expect(withoutHeader.body.detail).toMatch(OPS_HEADER);
    await refusesWithoutEvents(t, () => makeLink('nobody'), 404);
    await refusesWithoutEvents(
      t,
      () => request(t.app).post('/api/admin/sign-in-links').set(OPS_HEADER, '1').send({}),
      400,
      'username',
    );

    const made = await makeLink('admin');
    t.setNow(new Date(START + ADMIN_SIGN_IN_LINK_TTL_MS));
    await refusesWithoutEvents(t, () => useLink(made.body.link), 400, 'token');
  });

  it('shows a sign-in by link in the audit', async () => {
    t = await startTestApp();
    const res = await useLink((await makeLink('admin')).body.link);
    await t.settled();
    const audit = await request(t.app)
      .get('/api/admin/audit?action=admin.signed-in')
      .set('Authorization', `Bearer ${res.body.token}`);
    expect(audit.body).toEqual([
      expect.objectContaining({ admin: 'admin', after: { method: 'link' } }),
    ]);
  });
});

describe('failed admin sign-ins in the audit', () => {
  /** The audit as the admin sees it (signed in by link: the guessing may have throttled them). */
  const auditAs = async (path: string) => {
    const { body } = await useLink((await makeLink(testAdmin.username)).body.link);
    await t.settled();
    return request(t.app).get(path).set('Authorization', `Bearer ${body.token}`);
  };

  it('records the name tried, the address class and the hour, never the address or the password', async () => {
    t = await startTestApp({ trustProxy: true });
    await login('admin', 'first wrong password', '203.0.113.7');
    await login('admin', 'second wrong password', '10.1.2.3');
    await login('admin', 'third wrong password', '::1');
    await login('admin-typo-hunter2', 'a guess', '203.0.113.7');
    const audit = await auditAs('/api/admin/audit?action=admin.sign-in-failed');
    expect(
      audit.body.map((e: { targetId: string; admin: string; after: unknown }) => [
        e.admin,
        e.targetId,
        e.after,
      ]),
    ).toEqual([
      [
        'anonymous',
        '(unknown name)',
        { addressClass: 'public', failures: 1, since: '2026-11-22T15:00:00.000Z' },
      ],
      [
        'anonymous',
        'admin',
        { addressClass: 'loopback', failures: 1, since: '2026-11-22T15:00:00.000Z' },
      ],
      [
        'anonymous',
        'admin',
        { addressClass: 'private', failures: 1, since: '2026-11-22T15:00:00.000Z' },
      ],
      [
        'anonymous',
        'admin',
        { addressClass: 'public', failures: 1, since: '2026-11-22T15:00:00.000Z' },
      ],
    ]);
    const csv = await auditAs('/api/admin/audit.csv?action=admin.sign-in-failed');
    expect(csv.text.split('\r\n').filter((l) => l.includes('admin.sign-in-failed'))).toHaveLength(
      4,
    );
    const raw = JSON.stringify((await t.rawEvents()).map((e) => e.data));
    for (const secret of ['203.0.113.7', '10.1.2.3', 'wrong password', 'a guess', 'hunter2']) {
      expect(raw).not.toContain(secret);
    }
  });

  it('grows by a handful of events an hour however hard the login is hammered', async () => {
    t = await startTestApp({ trustProxy: true });
    // 300 wrong guesses within the hour from 200 public addresses, half at names no admin has.
    for (let i = 0; i < 300; i++) {
      t.setNow(new Date(START + i * 5_000));
      const name = i % 2 === 0 ? 'admin' : `guess-${i}`;
      await login(name, `guess ${i}`, `198.18.${i % 200}.1`);
    }
    const failed = (await t.allEvents()).filter((e) => e.type === 'AdminSignInFailed');
    const counts = failed.map((e) => [
      (e.data as { username: string | null }).username,
      (e.data as { failures: number }).failures,
    ]);
    // 1, 2, 4, … per name and class: log₂ of the failures, not one per guess.
    expect(failed.length).toBeLessThanOrEqual(2 * 10);
    expect(counts.filter(([name]) => name === null).map(([, n]) => n)).toEqual(
      expect.arrayContaining([1, 2, 4, 8, 16, 32, 64, 128]),
    );
    const audit = await auditAs('/api/admin/audit?action=admin.sign-in-failed');
    expect(audit.body).toHaveLength(2);
    // A new hour starts a new count.
    t.setNow(new Date(START + 60 * 60_000));
    await login('admin', 'one more', '198.18.0.1');
    const later = await auditAs('/api/admin/audit?action=admin.sign-in-failed');
    expect(later.body[0]).toMatchObject({
      targetId: 'admin',
      after: { failures: 1, since: '2026-11-22T16:00:00.000Z' },
    });
  });
});
