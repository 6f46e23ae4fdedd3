import request from 'supertest';
import { expect } from 'vitest';
import type { TestApp } from './test-app';

/** The token of the newest link to `path` mailed to `email` (from the development outbox). */
export const mailedToken = (t: TestApp, email: string, path: '/auth/verify' | '/auth/reset') => {
  const link = t
    .outbox()
    .filter((m) => m.to.toLowerCase() === email.toLowerCase())
    .flatMap((m) => m.links)
    .filter((l) => new URL(l).pathname === path)
    .at(-1);
  if (!link) throw new Error(`no ${path} link mailed to ${email}`);
  return new URL(link).searchParams.get('token')!;
};

export const signUp = (
  t: TestApp,
  email: string,
  password = 'long enough pw',
  deviceId?: string,
) => {
  const req = request(t.app).post('/api/auth/signup');
  if (deviceId) req.set('X-Device-ID', deviceId);
  return req.send({ email, password, data: { confirmed: false } });
};

/**
 * Follows a verification link. The browser that signed up sends its sign-up token; any
 * other browser sends the password it chooses.
 */
export const verify = (
  t: TestApp,
  token: string,
  deviceId?: string,
  completion: { signup_token?: string; password?: string } = {},
) => {
  const req = request(t.app).post('/api/auth/verify');
  if (deviceId) req.set('X-Device-ID', deviceId);
  return req.send({ token, ...completion });
};

export const signIn = (
  t: TestApp,
  email: string,
  password: string,
  options: { deviceId?: string; from?: string; knownBrowser?: string } = {},
) => {
  const req = request(t.app).post('/api/auth/signin');
  if (options.deviceId) req.set('X-Device-ID', options.deviceId);
  if (options.from) req.set('X-Forwarded-For', options.from);
  return req.send({
    email,
    password,
    ...(options.knownBrowser ? { known_browser_token: options.knownBrowser } : {}),
  });
};

/** Signs up, follows the mailed link in the same browser, and answers the session it gave. */
export const signUpVerified = async (
  t: TestApp,
  email: string,
  password = 'long enough pw',
  deviceId?: string,
) => {
  const started = await signUp(t, email, password, deviceId);
  expect(started.status).toBe(202);
  const res = await verify(t, mailedToken(t, email, '/auth/verify'), deviceId, {
    signup_token: started.body.signup_token as string,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as {
    access_token: string;
    refresh_token: string;
    known_browser_token: string;
    position: string;
    user: {
      id: string;
      email: string;
      user_metadata: { display_name: string | null; confirmed: boolean };
    };
  };
};

/** Sends a request and checks it was refused with the status and named field, appending nothing. */
export const refusesWithoutEvents = async (
  t: TestApp,
  send: () => request.Test,
  status: number,
  field?: string,
) => {
  const before = (await t.allEvents()).length;
  const res = await send();
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.type).toBe('application/problem+json');
  if (field) expect(res.body.field).toBe(field);
  expect((await t.allEvents()).length).toBe(before);
  return res;
};
