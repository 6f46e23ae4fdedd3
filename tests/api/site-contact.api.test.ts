import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../api/app';
import { startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await startTestApp();
});
afterEach(async () => {
  await t.close();
});

describe("the operator's addresses", () => {
  it('answers none where none is configured: the pages then promise no mailbox', async () => {
    const res = await request(t.app).get('/api/site/contact');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ email: null, privacyEmail: null });
  });

  it('answers CONTACT_EMAIL and PRIVACY_EMAIL as configured, to anyone', async () => {
    const contact = { email: 'hello@boon.test', privacyEmail: 'dpo@boon.test' };
    const app = createApp({ ...t.ctx, contact });
    const res = await request(app).get('/api/site/contact');
    expect(res.body).toEqual(contact);
    expect(res.headers['cache-control']).toBe('no-store');
  });
});
