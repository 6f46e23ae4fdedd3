import type { IncomingMessage } from 'node:http';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../api/app';
import { notLocal } from '../../api/http/local-only';
import { OPS_HEADER } from '../../api/routes/ops';
import { HSTS } from '../../api/http/security-headers';
import { createMetrics } from '../../infra/metrics';
import { signUp } from '../support/accounts';
import { startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await startTestApp();
});
afterEach(async () => {
  await t.close();
});

/** What a proxy in front of Boon adds (any one of them is enough to refuse). */
const FORWARDED: [string, string][] = [
  ['X-Forwarded-For', '203.0.113.7'],
  ['X-Real-IP', '203.0.113.7'],
  ['Forwarded', 'for=203.0.113.7;proto=https'],
  ['X-Forwarded-Host', 'boon.example.org'],
  ['X-Forwarded-Proto', 'https'],
  ['X-Forwarded-Port', '443'],
  ['Via', '1.1 caddy'],
  ['True-Client-IP', '203.0.113.7'],
  ['CF-Connecting-IP', '203.0.113.7'],
  // Vendors' own names for the client's address (Microsoft, Akamai, Envoy, Zscaler...).
  ['X-Originating-IP', '203.0.113.7'],
  ['X-Remote-Addr', '203.0.113.7'],
  ['X-Remote-IP', '203.0.113.7'],
  ['Client-IP', '203.0.113.7'],
  ['X-Envoy-External-Address', '203.0.113.7'],
  ['X-Envoy-Internal', 'true'],
  ['X-ProxyUser-Ip', '203.0.113.7'],
  ['Fly-Client-IP', '203.0.113.7'],
  ['X-Azure-ClientIP', '203.0.113.7'],
  ['X-Appengine-User-IP', '203.0.113.7'],
];
/** Names a page on another site could point at 127.0.0.1 (DNS rebinding). */
const REBOUND_HOSTS = ['evil.example', 'evil.example:3000', '127.0.0.1.nip.io', 'localhost.evil'];

const surfaces = [
  { method: 'get', path: '/dev/outbox', refused: 404, answered: 200 },
  { method: 'get', path: '/dev/outbox.json', refused: 404, answered: 200 },
  { method: 'get', path: '/ops/projections', refused: 403, answered: 200 },
  // A rebuild starts and goes on after the answer.
  { method: 'post', path: '/ops/projections/identity/rebuild', refused: 403, answered: 202 },
] as const;

const call = (app: Parameters<typeof request>[0], method: 'get' | 'post', path: string) =>
  request(app)[method](path).set(OPS_HEADER, '1');

describe('surfaces for this machine only', () => {
  it('answer a direct request from this machine', async () => {
    await signUp(t, 'ada@example.org');
    for (const { method, path, answered } of surfaces) {
      const res = await call(t.app, method, path);
      expect(res.status, `${method} ${path}`).toBe(answered);
    }
  });

  it('refuse any request that came through a proxy, whichever header says so', async () => {
    await signUp(t, 'ada@example.org');
    for (const { method, path, refused } of surfaces) {
      for (const [header, value] of FORWARDED) {
        const res = await call(t.app, method, path).set(header, value);
        expect(res.status, `${method} ${path} with ${header}`).toBe(refused);
        expect(res.text).not.toContain('ada@example.org');
        expect(res.text).not.toContain('/auth/verify');
      }
    }
    const status = await call(t.app, 'get', '/ops/projections');
    expect(status.body.find((p: { name: string }) => p.name === 'identity').generation).toBe(1);
  });

  it('refuse a Host that is not a loopback name', async () => {
    await signUp(t, 'ada@example.org');
    for (const { method, path, refused } of surfaces) {
      for (const host of REBOUND_HOSTS) {
        const res = await call(t.app, method, path).set('Host', host);
        expect(res.status, `${method} ${path} for Host ${host}`).toBe(refused);
        expect(res.text).not.toContain('/auth/verify');
      }
    }
  });

  it('knows loopback peers and names from everything else', () => {
    const req = (remoteAddress: string, headers: Record<string, string> = {}) =>
      ({
        socket: { remoteAddress },
        headers: { host: 'localhost:3000', ...headers },
      }) as unknown as IncomingMessage;
    for (const peer of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) {
      expect(notLocal(req(peer)), peer).toBeNull();
    }
    for (const peer of ['192.168.1.20', '::ffff:10.0.0.1', '10.0.0.1', '', 'fe80::1']) {
      expect(notLocal(req(peer)), peer).toBe('peer');
    }
    for (const host of ['localhost', '127.0.0.1:8080', '[::1]:3000', 'LOCALHOST:1']) {
      expect(notLocal(req('127.0.0.1', { host })), host).toBeNull();
    }
    for (const host of [...REBOUND_HOSTS, '', '[::2]', 'localhost:3000@evil']) {
      expect(notLocal(req('127.0.0.1', { host })), host).toBe('host');
    }
    expect(notLocal(req('127.0.0.1', { 'x-forwarded-prefix': '/boon' }))).toBe('forwarded');
  });
});

describe('/metrics', () => {
  const withMetrics = (token?: string) =>
    createApp({ ...t.ctx, metrics: createMetrics('all') }, token ? { metricsToken: token } : {});

  it('answers this machine under a loopback name only, and nothing that came through a proxy', async () => {
    const app = withMetrics();
    expect((await request(app).get('/metrics')).status).toBe(200);
    for (const host of REBOUND_HOSTS) {
      const rebound = await request(app).get('/metrics').set('Host', host);
      expect(rebound.status, host).toBe(403);
      expect(rebound.text).not.toContain('boon_');
    }
    for (const [header, value] of FORWARDED) {
      expect((await request(app).get('/metrics').set(header, value)).status, header).toBe(403);
    }
  });

  it('with METRICS_TOKEN, answers a scraper that sends it, under its own name for Boon', async () => {
    const token = 'a-scraper-token-of-some-length';
    const app = withMetrics(token);
    const scraped = await request(app)
      .get('/metrics')
      .set('Host', 'api-1:3000')
      .set('Authorization', `Bearer ${token}`);
    expect(scraped.status).toBe(200);
    expect(scraped.text).toContain('boon_');
    const rebound = await request(app).get('/metrics').set('Host', 'evil.example');
    expect(rebound.status).toBe(401);
  });
});

describe('HSTS', () => {
  const hsts = async (trustProxy: string | number | boolean, proto?: string) => {
    const app = createApp(t.ctx, { trustProxy });
    const req = request(app).get('/healthz');
    if (proto) req.set('X-Forwarded-Proto', proto);
    return (await req).headers['strict-transport-security'];
  };

  it('is sent when a trusted proxy says the request came over HTTPS', async () => {
    expect(await hsts(1, 'https')).toBe(HSTS);
    expect(await hsts('loopback', 'https')).toBe(HSTS);
  });

  it('is not sent over plain HTTP, nor when an untrusted client claims HTTPS', async () => {
    expect(await hsts(1, 'http')).toBeUndefined();
    expect(await hsts(1)).toBeUndefined();
    expect(await hsts(false, 'https')).toBeUndefined();
    expect(await hsts('10.0.0.5', 'https')).toBeUndefined();
  });
});
