import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import {
  LINK_MAILS_PER_RECIPIENT,
  LINK_MAILS_PER_RECIPIENT_FROM_ADDRESS,
} from '../../api/auth/rate-limiter';
import { mailedToken, refusesWithoutEvents, signIn, verify } from '../support/accounts';
import { newDeviceId, startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
afterEach(async () => {
  await t.close();
});

const OWNER = '198.51.100.2';
const STRANGER = '203.0.113.7';
const EMAIL = 'ada.lovelace@example.org';
const OWNERS_PASSWORD = 'the owners own phrase';
const STRANGERS_PASSWORD = 'a strangers phrase';

/** A sign-up from an address (the app trusts X-Forwarded-For here), as a browser sends it. */
const signUpFrom = async (from: string, password: string, deviceId?: string) => {
  const req = request(t.app).post('/api/auth/signup').set('X-Forwarded-For', from);
  if (deviceId) req.set('X-Device-ID', deviceId);
  const res = await req.send({ email: EMAIL, password, data: { confirmed: false } });
  expect(res.status).toBe(202);
  return res.body.signup_token as string;
};

/** Every verification link in the owner's inbox, oldest first. */
const linksInInbox = () =>
  t
    .outbox()
    .filter((m) => m.to === EMAIL)
    .flatMap((m) => m.links)
    .filter((l) => new URL(l).pathname === '/auth/verify')
    .map((l) => new URL(l).searchParams.get('token')!);

describe('a stranger signs up the owner’s address first', () => {
  it('the owner’s own sign-up still completes with the owner’s password, through any link', async () => {
    t = await startTestApp({ trustProxy: true });
    for (let i = 0; i < 3; i++) await signUpFrom(STRANGER, STRANGERS_PASSWORD);
    const ownersToken = await signUpFrom(OWNER, OWNERS_PASSWORD);
    // The owner follows the oldest link in their inbox: one the stranger's sign-up sent.
    const [strangersLink] = linksInInbox();
    const res = await verify(t, strangersLink!, undefined, { signup_token: ownersToken });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.user.email).toBe(EMAIL);
    expect((await signIn(t, EMAIL, STRANGERS_PASSWORD, { from: STRANGER })).status).toBe(401);
    expect((await signIn(t, EMAIL, OWNERS_PASSWORD, { from: OWNER })).status).toBe(200);
  });

  it('a link followed in another browser asks for the password, and never keeps the stranger’s', async () => {
    t = await startTestApp({ trustProxy: true });
    // The stranger signs up from a device that already takes part, under a pseudonym.
    const strangersDevice = await t.register(newDeviceId(), 'Brave Fox');
    await signUpFrom(STRANGER, STRANGERS_PASSWORD, strangersDevice.deviceId);
    const link = mailedToken(t, EMAIL, '/auth/verify');

    // The owner opens it on their phone: no sign-up token there.
    const asked = await refusesWithoutEvents(t, () => verify(t, link), 400, 'password');
    expect(asked.body.title).toBe('Choose your password');
    // A token of another sign-up (the owner's earlier one, long replaced) is no better.
    const elsewhere = await refusesWithoutEvents(
      t,
      () => verify(t, link, undefined, { signup_token: 'x'.repeat(43) }),
      400,
      'password',
    );
    expect(elsewhere.body.title).toBe('Choose your password');
    await refusesWithoutEvents(
      t,
      () => verify(t, link, undefined, { password: 'password123' }),
      400,
      'password',
    );

    const phone = newDeviceId();
    const res = await verify(t, link, phone, { password: OWNERS_PASSWORD });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // A fresh identity: not the stranger's pseudonym, and the stranger's device is not in.
    expect(res.body.user.user_metadata).toEqual({ display_name: null, confirmed: false });
    const linked = (await t.allEvents()).filter((e) => e.type === 'DeviceLinkedToAccount');
    expect(linked).toEqual([]);
    expect((await signIn(t, EMAIL, STRANGERS_PASSWORD)).status).toBe(401);
    expect((await signIn(t, EMAIL, OWNERS_PASSWORD)).status).toBe(200);
    // The link is spent: the address is proven once.
    const again = await refusesWithoutEvents(
      t,
      () => verify(t, link, undefined, { password: STRANGERS_PASSWORD }),
      400,
      'token',
    );
    expect(again.body.title).toBe('Link already used');
  });

  it('the browser that signed up completes its own sign-up, and keeps its device’s identity', async () => {
    t = await startTestApp({ trustProxy: true });
    const device = await t.register(newDeviceId(), 'Calm Owl');
    const token = await signUpFrom(OWNER, OWNERS_PASSWORD, device.deviceId);
    const res = await verify(t, mailedToken(t, EMAIL, '/auth/verify'), device.deviceId, {
      signup_token: token,
    });
    expect(res.status).toBe(200);
    expect(res.body.user.user_metadata).toEqual({ display_name: 'Calm Owl', confirmed: true });
    expect((await signIn(t, EMAIL, OWNERS_PASSWORD)).status).toBe(200);
    // Neither the token nor its hash is anything the log could give away.
    expect(JSON.stringify((await t.rawEvents()).map((e) => e.data))).not.toContain(token);
  });
});

describe('a stranger cannot use up the mails the owner needs', () => {
  it('one address spends its own allowance: the owner’s sign-up still gets its mail', async () => {
    t = await startTestApp({ trustProxy: true });
    for (let i = 0; i < 10; i++) await signUpFrom(STRANGER, STRANGERS_PASSWORD);
    expect(linksInInbox()).toHaveLength(LINK_MAILS_PER_RECIPIENT_FROM_ADDRESS.maxFailures);
    const ownersToken = await signUpFrom(OWNER, OWNERS_PASSWORD);
    expect(linksInInbox()).toHaveLength(LINK_MAILS_PER_RECIPIENT_FROM_ADDRESS.maxFailures + 1);
    const res = await verify(t, linksInInbox().at(-1)!, undefined, { signup_token: ownersToken });
    expect(res.status).toBe(200);
    expect((await signIn(t, EMAIL, OWNERS_PASSWORD)).status).toBe(200);
  });

  it('strangers on many addresses flood nothing, and every link they caused still serves the owner', async () => {
    t = await startTestApp({ trustProxy: true });
    for (let i = 0; i < 20; i++) await signUpFrom(`192.0.2.${i}`, STRANGERS_PASSWORD);
    expect(linksInInbox()).toHaveLength(LINK_MAILS_PER_RECIPIENT.maxFailures);
    // The owner's sign-up is past the recipient's cap: no mail, the same answer.
    await signUpFrom(OWNER, OWNERS_PASSWORD);
    expect(linksInInbox()).toHaveLength(LINK_MAILS_PER_RECIPIENT.maxFailures);
    // Any link in the inbox proves the address; the owner chooses the password there.
    for (const link of linksInInbox()) {
      await refusesWithoutEvents(t, () => verify(t, link), 400, 'password');
    }
    const res = await verify(t, linksInInbox()[2]!, undefined, { password: OWNERS_PASSWORD });
    expect(res.status).toBe(200);
    expect((await signIn(t, EMAIL, STRANGERS_PASSWORD)).status).toBe(401);
    expect((await signIn(t, EMAIL, OWNERS_PASSWORD)).status).toBe(200);
  });

  it('notices about a taken address never use up the owner’s links', async () => {
    t = await startTestApp({ trustProxy: true });
    const ownersToken = await signUpFrom(OWNER, OWNERS_PASSWORD);
    await verify(t, mailedToken(t, EMAIL, '/auth/verify'), undefined, {
      signup_token: ownersToken,
    });
    for (let i = 0; i < 5; i++) await signUpFrom(`192.0.2.${i}`, STRANGERS_PASSWORD);
    const notices = t.outbox().filter((m) => m.subject.startsWith('Someone tried to sign up'));
    expect(notices).toHaveLength(1);
    const recovered = await request(t.app)
      .post('/api/auth/recover')
      .set('X-Forwarded-For', OWNER)
      .send({ email: EMAIL });
    expect(recovered.status).toBe(202);
    expect(mailedToken(t, EMAIL, '/auth/reset')).toBeTruthy();
  });
});
