import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultReminderSettings } from '../../domain/contracts/reminders';
import { startPushPeer, type PushPeer } from '../support/push-peer';
import { spawnServer, type RealServer } from '../support/real-server';
import { newDeviceId } from '../support/test-app';

const dataDir = mkdtempSync(join(tmpdir(), 'boon-push-reminders-'));
const processes: RealServer[] = [];
let peer: PushPeer;
beforeAll(async () => {
  peer = await startPushPeer();
});
afterAll(async () => {
  await Promise.all(processes.map((p) => p.stop()));
  await peer.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const start = async () => {
  const server = await spawnServer({
    DATA_DIR: dataDir,
    LEASE_TTL_MS: '2000',
    AUTH_SECRET: 'a-shared-secret-for-every-process-of-this-test',
    ADMIN_USERNAME: 'admin',
    ADMIN_PASSWORD: 'push-test-password',
    PUSH_TEST_ENDPOINTS: 'loopback',
    TEST_CLOCK: 'true',
  });
  processes.push(server);
  return server;
};

/** One request as a device; like a browser, tries again while the server catches up (503). */
const call = async (
  server: RealServer,
  path: string,
  deviceId: string,
  init: { method?: string; body?: unknown } = {},
) => {
  for (;;) {
    const res = await fetch(`${server.url}${path}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: { 'Content-Type': 'application/json', 'X-Device-ID': deviceId },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
    if (res.status === 503) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      continue;
    }
    return { status: res.status, body: (await res.json()) as any }; // eslint-disable-line @typescript-eslint/no-explicit-any
  }
};

/** Moves a process's test clock so that its time is the real time plus `offsetMs`. */
const setOffset = async (server: RealServer, offsetMs: number) => {
  const probe = await call(server, '/api/test/clock', 'clock', { body: { advanceMs: 1 } });
  const current = Date.parse(probe.body.now) - Date.now();
  const move = Math.round(offsetMs - current);
  if (move > 0) await call(server, '/api/test/clock', 'clock', { body: { advanceMs: move } });
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a reminder pushed by several processes and a restart', () => {
  it('reaches the device once at its minute, each day', { timeout: 180_000 }, async () => {
    const a = await start();
    const b = await start();
    const keyOf = async (server: RealServer) =>
      (await call(server, '/api/push/public-key', 'anyone')).body.publicKey as string;
    // Both made their keys from the one file the first wrote into DATA_DIR.
    expect(await keyOf(b)).toBe(await keyOf(a));

    const deviceId = newDeviceId();
    const offers = await call(a, '/api/user/generate-pseudonyms', deviceId, { body: {} });
    expect(
      (
        await call(a, '/api/user/setup', deviceId, {
          body: { pseudonym: offers.body.pseudonyms[0], privacyConsent: true, termsConsent: true },
        })
      ).status,
    ).toBe(201);
    const utc = defaultReminderSettings('UTC');
    const saved = await call(a, '/api/user/reminders', deviceId, {
      method: 'PUT',
      body: {
        ...utc,
        streakProtection: { ...utc.streakProtection, enabled: false },
        journalReflection: { ...utc.journalReflection, enabled: false },
      },
    });
    expect(saved.status).toBe(200);
    const subscription = peer.subscribe(await keyOf(a));
    expect(
      (await call(b, '/api/push/subscriptions', deviceId, { body: subscription.json })).status,
    ).toBe(201);

    // Tomorrow's 09:00 UTC, a few seconds ahead on every process's clock.
    const nine = new Date();
    nine.setUTCDate(nine.getUTCDate() + 1);
    nine.setUTCHours(9, 0, 0, 0);
    const offset = nine.getTime() - 6_000 - Date.now();
    await setOffset(a, offset);
    await setOffset(b, offset);
    // The first process dies without a word (its leases lapse), and comes back.
    await a.stop('SIGKILL');
    const restarted = await start();
    await setOffset(restarted, offset);

    const [first] = await peer.waitFor(subscription.id, 1, 60_000);
    const day = nine.toISOString().slice(0, 10);
    expect(first!.message).toMatchObject({
      title: 'Daily Question',
      tag: `reminder-dailyQuestion-${day}`,
    });
    // Whoever held the lease, and whoever took it over, nobody sends it again.
    await sleep(8_000);
    expect(peer.received.filter((p) => p.subscriptionId === subscription.id)).toHaveLength(1);

    // The next day, with the other process stopped cleanly (its lease handed on at once).
    const nextDay = offset + 24 * 60 * 60_000;
    await setOffset(b, nextDay);
    await setOffset(restarted, nextDay);
    await b.stop('SIGTERM');
    const both = await peer.waitFor(subscription.id, 2, 60_000);
    await sleep(5_000);
    const tags = peer.received
      .filter((p) => p.subscriptionId === subscription.id)
      .map((p) => (p.message as { tag: string }).tag);
    expect(both).toHaveLength(2);
    const next = new Date(nine.getTime() + 24 * 60 * 60_000).toISOString().slice(0, 10);
    expect(tags).toEqual([`reminder-dailyQuestion-${day}`, `reminder-dailyQuestion-${next}`]);
    expect(peer.refused).toEqual([]);
  });
});
