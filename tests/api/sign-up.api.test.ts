import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { VERIFICATION_LINK_TTL_MS } from '../../domain/accounts/one-time-links';
import {
  mailedToken,
  refusesWithoutEvents,
  signIn,
  signUp,
  signUpVerified,
  verify,
} from '../support/accounts';
import { newDeviceId, startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await startTestApp();
});
afterEach(async () => {
  await t.close();
});

/** An answer without what differs by request: the address, and a fresh sign-up token. */
const strip = (body: Record<string, unknown>) => ({
  ...body,
  email: undefined,
  signup_token: undefined,
});

/** Signs up and follows the mailed link in the same browser (its sign-up token). */
const signUpAndFollow = async (email: string, password?: string) => {
  const started = await signUp(t, email, password);
  return {
    started,
    follow: () =>
      verify(t, mailedToken(t, email, '/auth/verify'), undefined, {
        signup_token: started.body.signup_token,
      }),
  };
};

describe('email-first sign-up', () => {
  it('answers "check your inbox" with no session, and mails a one-time link', async () => {
    const res = await signUp(t, 'ada@example.org');
    expect(res.status).toBe(202);
    expect(res.body).toEqual({
      message: 'Check your inbox: we sent you a link to confirm your address.',
      email: 'ada@example.org',
      link_expires_in: VERIFICATION_LINK_TTL_MS / 1000,
      signup_token: expect.stringMatching(/^[\w-]{43}$/),
    });
    const [mail] = t.outbox();
    expect(mail).toMatchObject({ to: 'ada@example.org', subject: 'Confirm your email for Boon' });
    expect(mail!.links[0]).toMatch(/^http:\/\/localhost:3000\/auth\/verify\?token=[\w.-]+$/);
    expect(mail!.text).toContain('24 hours');
  });

  it('answers a taken address exactly like a new one, and tells its owner instead', async () => {
    await signUpVerified(t, 'ada@example.org');
    const before = (await t.allEvents()).length;
    const taken = await signUp(t, '  ADA@Example.org ');
    const fresh = await signUp(t, 'bob@example.org');
    expect(taken.status).toBe(fresh.status);
    expect(strip(taken.body)).toEqual(strip(fresh.body));
    expect(Object.keys(taken.body).sort()).toEqual(Object.keys(fresh.body).sort());
    const notice = t.outbox().at(-2)!;
    expect(notice.to).toBe('ada@example.org');
    expect(notice.subject).toBe('Someone tried to sign up to Boon with your email');
    expect(notice.links.some((l) => l.endsWith('/auth/verify'))).toBe(false);
    // The taken address made no account and no reservation: only bob's sign-up wrote.
    const written = (await t.allEvents()).slice(before).map((e) => e.type);
    expect(written).toEqual(['EmailReserved', 'AccountSignedUp', 'EmailVerificationRequested']);
  });

  it('signs in only through the link: before it, the right password hears "confirm first"', async () => {
    const { follow } = await signUpAndFollow('ada@example.org', 'long enough pw');
    const early = await signIn(t, 'ada@example.org', 'long enough pw');
    expect(early.status).toBe(403);
    expect(early.body.title).toBe('Email not confirmed');
    // A wrong password still hears only that it is wrong.
    expect((await signIn(t, 'ada@example.org', 'wrong password')).status).toBe(401);

    const res = await follow();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      token_type: 'bearer',
      user: { email: 'ada@example.org', user_metadata: { display_name: null, confirmed: false } },
    });
    expect(res.body.known_browser_token).toEqual(expect.any(String));
    expect((await signIn(t, 'ada@example.org', 'long enough pw')).status).toBe(200);
  });

  it('uses each link once, and not after a day', async () => {
    const { started } = await signUpAndFollow('ada@example.org');
    const token = mailedToken(t, 'ada@example.org', '/auth/verify');
    const completion = { signup_token: started.body.signup_token };
    expect((await verify(t, token, undefined, completion)).status).toBe(200);
    const again = await refusesWithoutEvents(
      t,
      () => verify(t, token, undefined, completion),
      400,
      'token',
    );
    expect(again.body.title).toBe('Link already used');

    await signUp(t, 'bob@example.org');
    t.setNow(new Date(Date.parse('2026-11-22T15:00:00Z') + VERIFICATION_LINK_TTL_MS));
    const late = await refusesWithoutEvents(
      t,
      () => verify(t, mailedToken(t, 'bob@example.org', '/auth/verify')),
      400,
      'token',
    );
    expect(late.body.detail).toMatch(/expired/);
  });

  it('refuses links it never sent, appending nothing', async () => {
    await signUp(t, 'ada@example.org');
    const real = mailedToken(t, 'ada@example.org', '/auth/verify');
    const [accountId] = real.split('.');
    for (const token of [
      'nonsense',
      `${accountId}.${'x'.repeat(43)}`,
      `other.${real.split('.')[1]}`,
    ]) {
      await refusesWithoutEvents(t, () => verify(t, token), 400, 'token');
    }
    await refusesWithoutEvents(
      t,
      () => request(t.app).post('/api/auth/verify').send({}),
      400,
      'token',
    );
  });

  it('resends the link to an unproven address, and answers the same for any other', async () => {
    const { follow } = await signUpAndFollow('ada@example.org');
    await signUpVerified(t, 'bob@example.org');
    const resend = (email: string) => request(t.app).post('/api/auth/resend').send({ email });
    const sent = t.outbox().length;
    const answers = await Promise.all(
      ['ada@example.org', 'bob@example.org', 'nobody@example.org'].map(resend),
    );
    expect(answers.map((r) => r.status)).toEqual([202, 202, 202]);
    expect(new Set(answers.map((r) => JSON.stringify(strip(r.body)))).size).toBe(1);
    expect(
      t
        .outbox()
        .slice(sent)
        .map((m) => m.to),
    ).toEqual(['ada@example.org']);
    // Both the first and the resent link work (whichever the person opens).
    expect((await follow()).status).toBe(200);
  });

  it('never writes the email, the password, its hash or a link secret readably into the log', async () => {
    await signUpVerified(t, 'ada@example.org', 'my secret phrase');
    const secret = mailedToken(t, 'ada@example.org', '/auth/verify').split('.')[1]!;
    const log = JSON.stringify((await t.allEvents()).map((e) => e.data));
    for (const text of ['ada@example.org', 'my secret phrase', 'scrypt$', secret]) {
      expect(log).not.toContain(text);
    }
  });

  it('after the account key is destroyed, nothing personal can be read or used', async () => {
    const body = await signUpVerified(t, 'ada@example.org', 'long enough pw');
    await t.ctx.auth.vault.destroy(body.user.id);
    const session = await request(t.app)
      .get('/api/auth/session')
      .set('Authorization', `Bearer ${body.access_token}`);
    expect(session.status).toBe(200);
    expect(session.body.user.email).toBeNull();
    const again = await signIn(t, 'ada@example.org', 'long enough pw');
    expect(again.status).toBe(401);
    expect(again.body.detail).toBe('Invalid login credentials');
  });

  it('refuses bad input with the field named and nothing appended', async () => {
    const refuses = (body: unknown, field: string) =>
      refusesWithoutEvents(
        t,
        () =>
          request(t.app)
            .post('/api/auth/signup')
            .send(body as object),
        400,
        field,
      );
    await refuses({ email: 'ada@example.org', password: 'short' }, 'password');
    await refuses({ email: 'not an email', password: 'long enough pw' }, 'email');
    const weak = await refuses({ email: 'ada@example.org', password: 'password123' }, 'password');
    expect(weak.body.title).toBe('Weak password');
    expect(weak.body.detail).toMatch(/most common passwords/);
    await refuses({ password: 'long enough pw' }, 'email');
    await refuses({ email: 'a@b.org' }, 'password');
    await refusesWithoutEvents(
      t,
      () =>
        request(t.app)
          .post('/api/auth/signup')
          .set('Content-Type', 'application/json')
          .send('{"email":'),
      400,
      'body',
    );
    expect(t.outbox()).toEqual([]);
  });

  it('brings a registered device’s identity along; the device that opens the link takes it on', async () => {
    const device = await t.register(newDeviceId(), 'Calm Owl');
    const body = await signUpVerified(t, 'owl@example.org', 'long enough pw', device.deviceId);
    expect(body.user.user_metadata).toEqual({ display_name: 'Calm Owl', confirmed: true });
    const linked = (await t.allEvents()).filter((e) => e.type === 'DeviceLinkedToAccount');
    expect(linked).toHaveLength(1);
  });

  it('gives the one account to one of two racing sign-ups, answering both the same', async () => {
    const [a, b] = await Promise.all([
      signUp(t, 'race@example.org'),
      signUp(t, 'race@example.org'),
    ]);
    expect([a.status, b.status]).toEqual([202, 202]);
    const token = mailedToken(t, 'race@example.org', '/auth/verify');
    const followed = await Promise.all(
      [a, b].map((r) => verify(t, token, undefined, { signup_token: r.body.signup_token })),
    );
    // Whichever sign-up holds the address completes; the other browser is asked for a password.
    expect(followed.map((r) => r.status).sort()).toEqual([200, 400]);
  });

  it('lets ten browsers following one link at once use it once: only the one it answers sets anything', async () => {
    const started = await signUp(t, 'ten@example.org', 'the sign-up password');
    const token = mailedToken(t, 'ten@example.org', '/auth/verify');
    const before = (await t.allEvents()).length;
    // The browser that signed up, and nine others that each choose a password.
    const completions = [
      { signup_token: started.body.signup_token as string },
      ...Array.from({ length: 9 }, (_, i) => ({ password: `browser ${i} chose this one` })),
    ];
    const answers = await Promise.all(completions.map((c) => verify(t, token, undefined, c)));
    const won = answers.filter((r) => r.status === 200);
    expect(won).toHaveLength(1);
    for (const refused of answers.filter((r) => r.status !== 200)) {
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ field: 'token', title: 'Link already used' });
    }
    const winner = completions[answers.indexOf(won[0]!)]!;
    const written = (await t.allEvents()).slice(before).map((e) => e.type);
    expect(written.filter((type) => type === 'SignUpLinkFollowed')).toHaveLength(1);
    expect(written.filter((type) => type === 'SignUpPasswordChosen')).toHaveLength(
      'password' in winner ? 1 : 0,
    );
    expect(written.filter((type) => type === 'EmailVerified')).toHaveLength(1);
    expect(written.filter((type) => type === 'SessionStarted')).toHaveLength(1);
    // The one password that works is the winner's (a few others tried: guesses are throttled).
    const works = 'password' in winner ? winner.password : 'the sign-up password';
    const tried = [
      'the sign-up password',
      ...completions.flatMap((c) => ('password' in c ? [c.password] : [])),
    ]
      .filter((password) => password !== works)
      .slice(0, 3);
    for (const password of tried) {
      expect((await signIn(t, 'ten@example.org', password)).status, password).toBe(401);
    }
    expect((await signIn(t, 'ten@example.org', works)).status).toBe(200);
  });
});
