import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signUpVerified } from '../support/accounts';
import { expectRefusedWithoutEvents } from '../support/refusals';
import { startTestApp, testAdmin, type TestApp } from '../support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await startTestApp();
});
afterEach(async () => {
  await t.close();
});

const grace = { username: 'grace', password: 'grace has her own pw' };
const logIn = async (who: { username: string; password: string }) => {
  const res = await request(t.app).post('/api/admin/login').send(who);
  return { status: res.status, auth: `Bearer ${res.body.token as string}` };
};

describe('named admins', () => {
  it('an admin adds another, who signs in with their own password and acts under their name', async () => {
    const first = await logIn(testAdmin);
    const added = await request(t.app)
      .post('/api/admin/admins')
      .set('Authorization', first.auth)
      .send(grace);
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect((await logIn({ ...grace, password: testAdmin.password })).status).toBe(401);
    const second = await logIn(grace);
    expect(second.status).toBe(200);
    const list = await request(t.app).get('/api/admin/admins').set('Authorization', second.auth);
    expect(list.body).toEqual([
      { username: 'admin', configured: true, isYou: false },
      { username: 'grace', configured: false, isYou: true },
    ]);
    await request(t.app).post('/api/questions/schedule').set('Authorization', second.auth).send({
      content: 'Is a promise to yourself a promise?',
      category: 'General',
      scheduledFor: '2026-11-23',
    });
    await t.settled();
    const audit = await request(t.app).get('/api/admin/audit').set('Authorization', second.auth);
    expect(
      [...audit.body]
        .reverse()
        .map((e: { admin: string; action: string; targetId: string }) => [
          e.admin,
          e.action,
          e.targetId,
        ]),
    ).toEqual([
      ['admin', 'admin.signed-in', 'admin'],
      ['admin', 'admin.added', 'grace'],
      ['anonymous', 'admin.sign-in-failed', 'grace'],
      ['grace', 'admin.signed-in', 'grace'],
      ['grace', 'question.scheduled', '10001'],
    ]);
    // The log keeps a salted hash, never the password.
    expect(JSON.stringify((await t.rawEvents()).map((e) => e.data))).not.toContain(grace.password);
  });

  it('a removed admin’s token stops working and they can no longer sign in', async () => {
    const first = await logIn(testAdmin);
    await request(t.app).post('/api/admin/admins').set('Authorization', first.auth).send(grace);
    const second = await logIn(grace);
    const removed = await request(t.app)
      .delete('/api/admin/admins/grace')
      .set('Authorization', first.auth);
    expect(removed.status).toBe(200);
    expect(
      (await request(t.app).get('/api/admin/verify').set('Authorization', second.auth)).status,
    ).toBe(401);
    expect((await logIn(grace)).status).toBe(401);
  });

  it('refuses removing yourself, the last admin, a taken name and bad inputs, writing nothing', async () => {
    const { auth } = await logIn(testAdmin);
    const as = (method: 'post' | 'delete', path: string, body?: object) => () => {
      const req = request(t.app)[method](path).set('Authorization', auth);
      return body ? req.send(body) : req;
    };
    const you = await expectRefusedWithoutEvents(t, as('delete', '/api/admin/admins/admin'), 409);
    expect(you.body.detail).toBe('You cannot remove yourself.');
    await expectRefusedWithoutEvents(t, as('delete', '/api/admin/admins/nobody'), 404);
    await expectRefusedWithoutEvents(t, as('delete', '/api/admin/admins/..%2Fx'), 400, 'username');
    await expectRefusedWithoutEvents(
      t,
      as('post', '/api/admin/admins', { ...grace, username: 'admin' }),
      409,
      'username',
    );
    await expectRefusedWithoutEvents(
      t,
      as('post', '/api/admin/admins', { ...grace, username: 'a b' }),
      400,
      'username',
    );
    await expectRefusedWithoutEvents(
      t,
      as('post', '/api/admin/admins', { ...grace, password: 'short' }),
      400,
      'password',
    );
    await expectRefusedWithoutEvents(
      t,
      as('post', '/api/admin/admins', { username: 'grace' }),
      400,
      'password',
    );
  });

  it('is for admins only', async () => {
    const member = await signUpVerified(t, 'ada@example.org');
    for (const [method, path] of [
      ['get', '/api/admin/admins'],
      ['post', '/api/admin/admins'],
      ['delete', '/api/admin/admins/admin'],
    ] as const) {
      for (const bearer of [undefined, `Bearer ${member.access_token}`]) {
        await expectRefusedWithoutEvents(
          t,
          () => {
            const req = request(t.app)[method](path);
            return (bearer ? req.set('Authorization', bearer) : req).send(grace);
          },
          401,
        );
      }
    }
  });
});
