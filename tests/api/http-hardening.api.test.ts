import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HTTP_LIMITS, type HttpLimits } from '../../api/http/server-limits';
import { startServer, type RunningServer } from '../../api/server';
import { loadConfig } from '../../infra/config';
import { silentLogger } from '../../infra/logger';
import { startTestApp, type TestApp } from '../support/test-app';

describe('slow and greedy clients', () => {
  let dataDir: string;
  let running: RunningServer | null = null;
  const serve = async (limits: Partial<HttpLimits>) => {
    dataDir = mkdtempSync(join(tmpdir(), 'boon-limits-'));
    running = await startServer({
      config: loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
      logger: silentLogger(),
      httpLimits: { ...HTTP_LIMITS, ...limits },
    });
    return running;
  };
  afterEach(async () => {
    await running?.close();
    running = null;
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** A raw connection: what it receives, and when the server ends it. */
  const open = (url: string) => {
    const { hostname, port } = new URL(url);
    const socket: Socket = connect(Number(port), hostname);
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString()));
    socket.on('error', () => {});
    const closed = new Promise<string>((resolve) => socket.on('close', () => resolve(received)));
    const connected = new Promise<void>((resolve) => socket.on('connect', () => resolve()));
    return { socket, closed, connected };
  };

  it('serves with header and request deadlines and a connection cap by default', async () => {
    const { server } = await serve({});
    expect(server.headersTimeout).toBe(HTTP_LIMITS.headersTimeoutMs);
    expect(server.requestTimeout).toBe(HTTP_LIMITS.requestTimeoutMs);
    expect(server.keepAliveTimeout).toBe(HTTP_LIMITS.keepAliveTimeoutMs);
    expect(server.maxConnections).toBe(HTTP_LIMITS.maxConnections);
    expect(HTTP_LIMITS.requestTimeoutMs).toBeLessThanOrEqual(30_000);
  });

  it('cuts off a request body that trickles in (408) and closes its connection', async () => {
    const { url } = await serve({ headersTimeoutMs: 500, requestTimeoutMs: 1_000 });
    const slow = open(url);
    await slow.connected;
    slow.socket.write(
      'POST /api/replies HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
        'Content-Length: 1000\r\n\r\n{"content":',
    );
    expect(await slow.closed).toMatch(/^HTTP\/1\.1 408/);
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
  });

  it('closes a connection that never sends its headers', async () => {
    const { url } = await serve({ headersTimeoutMs: 500, requestTimeoutMs: 1_000 });
    const silent = open(url);
    await silent.connected;
    silent.socket.write('GET /healthz HTTP/1.1\r\nHost: local');
    expect(await silent.closed).toMatch(/^HTTP\/1\.1 408/);
  });

  it('answers a long URL with 414 and headers too large with 431, each with a problem body', async () => {
    const { url } = await serve({});
    const long = `${url}/api/question/today?q=${'W'.repeat(16_000)}`;
    const get = await fetch(long);
    expect(get.status).toBe(414);
    expect(get.headers.get('content-type')).toBe('application/problem+json');
    expect(await get.json()).toMatchObject({ status: 414, title: 'URI too long' });
    // With a body still on its way: the answer, not a reset connection.
    const post = await fetch(long, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ content: 'x'.repeat(70_000) }),
    });
    expect(post.status).toBe(414);
    const huge = open(url);
    await huge.connected;
    huge.socket.write(
      `GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'W'.repeat(40_000)}\r\n\r\n`,
    );
    const answer = await huge.closed;
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(answer).toContain('Content-Type: application/problem+json');
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toMatchObject({
      status: 431,
      title: 'Headers too large',
    });
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
  });

  it('refuses connections past the cap, and serves again once they go', async () => {
    const { url } = await serve({ maxConnections: 3 });
    const held = [open(url), open(url), open(url)];
    await Promise.all(held.map((c) => c.connected));
    await new Promise((resolve) => setImmediate(resolve));
    const extra = open(url);
    extra.socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n');
    expect(await extra.closed).toBe('');
    held.forEach((c) => c.socket.destroy());
    await Promise.all(held.map((c) => c.closed));
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
  });
});

describe('the app over HTTP', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await startTestApp();
  });
  afterEach(async () => {
    await t.close();
  });

  it('turns off powerful browser features with Permissions-Policy', async () => {
    for (const path of ['/healthz', '/api/question/today', '/api/nowhere']) {
      const policy = (await request(t.app).get(path)).headers['permissions-policy'];
      for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) {
        expect(policy).toContain(`${feature}=()`);
      }
    }
  });

  it('accepts `me` for the caller’s own device, so the id stays out of paths', async () => {
    const alice = await t.register(undefined, 'Calm Owl');
    const pseudonym = await request(t.app)
      .get('/api/device/me/pseudonym')
      .set('X-Device-ID', alice.deviceId)
      .set('X-Min-Position', alice.position);
    expect(pseudonym.body).toEqual({ pseudonym: 'Calm Owl' });
    const settings = await request(t.app)
      .patch('/api/user/settings/me')
      .set('X-Device-ID', alice.deviceId)
      .send({ showActivity: false });
    expect(settings.body).toMatchObject({ showActivity: false, pseudonym: 'Calm Owl' });
    const read = await request(t.app)
      .get('/api/user/settings/me')
      .set('X-Device-ID', alice.deviceId);
    expect(read.body).toEqual({ showActivity: false, pseudonym: 'Calm Owl' });
    const anonymous = await request(t.app).get('/api/device/me/pseudonym');
    expect(anonymous.status).toBe(400);
    expect(anonymous.body.field).toBe('X-Device-ID');
  });
});
