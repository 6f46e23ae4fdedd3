import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../api/server';
import { ConfigError, loadConfig } from '../../infra/config';
import { silentLogger } from '../../infra/logger';
import { testAdmin, testBank } from '../support/test-app';

// The server's own product day at this moment (America/New_York, from 03:00) is 2026-11-22.
const START = new Date('2026-11-22T15:00:00Z');
const DAY_MS = 86_400_000;
const text = 'Should a town keep its library open at night for those who cannot sleep?';

let running: RunningServer | null = null;
let dataDir = '';
afterEach(async () => {
  await running?.close();
  running = null;
  rmSync(dataDir, { recursive: true, force: true });
});

const start = async (env: Record<string, string> = {}) => {
  dataDir = mkdtempSync(join(tmpdir(), 'boon-test-clock-'));
  running = await startServer({
    config: loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      ...env,
    }),
    logger: silentLogger(),
    bank: testBank,
    passwordCost: 2 ** 10,
    admin: testAdmin,
    clock: { now: () => START },
  });
  return running.url;
};

const call = async (url: string, path: string, body?: unknown, auth?: string) => {
  const res = await fetch(`${url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'Content-Type': 'application/json', ...(auth ? { Authorization: auth } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

const move = (url: string, body: unknown) => call(url, '/api/test/clock', body);

describe('the test clock', () => {
  it('does not exist unless TEST_CLOCK is on', async () => {
    const url = await start();
    const res = await move(url, { advanceMs: DAY_MS });
    expect(res.status).toBe(404);
    expect((await call(url, '/api/question/today')).body.dateAdded).toBe('2026-11-22');
  });

  it('cannot be turned on in production', () => {
    expect(() => loadConfig({ TEST_CLOCK: 'true', NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ TEST_CLOCK: 'yes' })).toThrow(/TEST_CLOCK/);
    expect(loadConfig({ NODE_ENV: 'production' }).testClock).toBe(false);
  });

  it('moves the server to the next product day, whose scheduled question becomes Home’s', async () => {
    const url = await start({ TEST_CLOCK: 'true' });
    const login = await call(url, '/api/admin/login', testAdmin);
    const made = await call(
      url,
      '/api/questions/schedule',
      { content: text, category: 'Justice & Rights', scheduledFor: '2026-11-23' },
      `Bearer ${login.body.token as string}`,
    );
    expect(made.status).toBe(201);
    const before = await call(url, '/api/question/today');
    expect(before.body.dateAdded).toBe('2026-11-22');
    expect(before.body.content).not.toBe(text);

    // Only from this machine: a forwarded request finds no such route.
    const forwarded = await fetch(`${url}/api/test/clock`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '203.0.113.9' },
      body: JSON.stringify({ advanceMs: DAY_MS }),
    });
    expect(forwarded.status).toBe(404);

    const moved = await move(url, { advanceMs: DAY_MS });
    expect(moved).toEqual({
      status: 200,
      body: { now: '2026-11-23T15:00:00.000Z', day: '2026-11-23' },
    });
    expect((await call(url, '/api/question/today')).body).toMatchObject({
      id: made.body.id,
      content: text,
      dateAdded: '2026-11-23',
      status: 'active',
    });
  });

  it('refuses a bad move, naming the field, and leaves the time alone', async () => {
    const url = await start({ TEST_CLOCK: 'true' });
    const cases: [unknown, string][] = [
      [{}, 'advanceMs'],
      [{ advanceMs: 'a day' }, 'advanceMs'],
      [{ advanceMs: 1.5 }, 'advanceMs'],
      [{ advanceMs: -DAY_MS }, 'advanceMs'],
      [{ advanceMs: 0 }, 'advanceMs'],
      [{ advanceMs: 400 * DAY_MS }, 'advanceMs'],
      [{ advanceMs: DAY_MS, days: 1 }, 'days'],
      [[DAY_MS], 'body'],
    ];
    for (const [body, field] of cases) {
      const res = await move(url, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.field, JSON.stringify(body)).toBe(field);
    }
    expect((await call(url, '/api/question/today')).body.dateAdded).toBe('2026-11-22');
  });
});
