import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { ServerMessage } from '../../domain/contracts/live';
import { allProjections } from '../../projections';
import {
  makeNetwork,
  namespacesUnavailable,
  postgresBinariesMissing,
  startPostgresIn,
  type Network,
} from '../support/netns';
import { fetchAllPages } from '../support/paging';
import { call, register } from '../support/people';
import { spawnServer, type RealServer } from '../support/real-server';
import { newDeviceId } from '../support/test-app';

/**
 * Boon on several hosts: PostgreSQL at an address of its own, API host A (`ROLE=all`: it also
 * runs projections), API host B and a projector host P, each in a network namespace of its
 * own, the test talking to them over the network it made. Where namespaces cannot be made
 * (not root), the suite is skipped and says why.
 */
const unavailable = namespacesUnavailable() ?? postgresBinariesMissing();
if (unavailable) console.warn(`[multi-host] skipped: ${unavailable}`);

const LEASE_TTL_MS = 3000;
const root = mkdtempSync(join(tmpdir(), 'boon-multi-host-'));
let network: Network | null = null;
let database: { url: string; stop: () => Promise<void> } | null = null;
const servers: RealServer[] = [];

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop('SIGKILL')));
  await database?.stop();
  network?.destroy();
  rmSync(root, { recursive: true, force: true });
});

const shared = {
  AUTH_SECRET: 'a-secret-every-host-of-this-test-shares',
  KEY_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
  ADMIN_USERNAME: 'admin',
  ADMIN_PASSWORD: 'multi-host-password',
  LEASE_TTL_MS: String(LEASE_TTL_MS),
  LOG_LEVEL: 'warn',
};

const startHost = async (host: string, role: 'all' | 'api' | 'projector', databaseUrl: string) => {
  const { address, namespace } = network!.hosts[host]!;
  const server = await spawnServer(
    {
      ...shared,
      ROLE: role,
      HOST: address,
      PORT: '3000',
      DATA_DIR: join(root, host),
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'info',
    },
    { namespace },
  );
  servers.push(server);
  return server;
};

const running = async (server: RealServer) =>
  ((await (await fetch(`${server.url}/healthz`)).json()) as { running?: string[] }).running ?? [];

describe.skipIf(unavailable !== null)('Boon across hosts on PostgreSQL', () => {
  let a: RealServer;
  let b: RealServer;
  let p: RealServer;

  beforeAll(async () => {
    network = makeNetwork('bmh', ['db', 'a', 'b', 'p']);
    database = await startPostgresIn(network, 'db');
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    await admin.query('CREATE DATABASE boon');
    await admin.end();
    const url = database.url.replace(/\/postgres$/, '/boon');
    a = await startHost('a', 'all', url);
    b = await startHost('b', 'api', url);
    p = await startHost('p', 'projector', url);
  }, 120_000);

  it('an answer on host A reaches a socket on host B as a live notice', async () => {
    const question = (await call(a.url, '/api/question/today', newDeviceId())).body as {
      id: number;
    };
    const reader = await register(b.url);
    expect(
      (
        await call(b.url, '/api/responses', reader, {
          content: 'the reader answers first',
          questionId: question.id,
        })
      ).status,
    ).toBe(201);
    const live: ServerMessage[] = [];
    const socket = new WebSocket(`${b.url.replace('http', 'ws')}/ws`);
    socket.on('message', (raw) => {
      const message = JSON.parse(raw.toString()) as ServerMessage;
      live.push(message);
      if (message.type === 'identified') {
        socket.send(JSON.stringify({ type: 'subscribe', topics: [`responses:${question.id}`] }));
      }
    });
    socket.on('open', () => socket.send(JSON.stringify({ type: 'identify', deviceId: reader })));
    await expect
      .poll(() => live.some((m) => m.type === 'subscribed'), { timeout: 10_000 })
      .toBe(true);

    const writer = await register(a.url);
    const answer = await call(a.url, '/api/responses', writer, {
      content: 'an answer written on host A',
      questionId: question.id,
    });
    expect(answer.status).toBe(201);
    const position = BigInt(answer.body.position);
    await expect
      .poll(
        () =>
          live.some(
            (m) =>
              m.type === 'changed' &&
              m.topic === `responses:${question.id}` &&
              BigInt(m.position) >= position,
          ),
        { timeout: 15_000 },
      )
      .toBe(true);
    socket.close();
  }, 60_000);

  it("with host A cut off mid-load, host B keeps serving, nothing acknowledged is lost, and A's leases pass on", async () => {
    const question = (await call(b.url, '/api/question/today', newDeviceId())).body as {
      id: number;
    };
    // A (ROLE=all) started first and holds the projections' leases; P stands by.
    expect((await running(p)).length).toBeLessThan(allProjections.length);

    const reader = await register(b.url);
    await call(b.url, '/api/responses', reader, {
      content: 'the reader on B',
      questionId: question.id,
    });
    const acknowledged: { id: string; position: bigint }[] = [];
    const people = 30;
    let cutAt = 0;
    for (let i = 0; i < people; i++) {
      const host = i % 2 === 0 && cutAt === 0 ? a : b;
      try {
        const device = await register(host.url);
        const res = await call(
          host.url,
          '/api/responses',
          device,
          { content: `answer ${i} through ${host === a ? 'A' : 'B'}`, questionId: question.id },
          undefined,
          { timeoutMs: 5000 },
        );
        if (res.status === 201)
          acknowledged.push({ id: res.body.id, position: BigInt(res.body.position) });
      } catch {
        // A request to A cut short by the cut: never acknowledged.
      }
      if (i === people / 2) {
        network!.cut('a');
        cutAt = Date.now();
      }
    }
    expect(acknowledged.length).toBeGreaterThanOrEqual(people / 2);

    // A's leases pass to P after their time to live.
    await expect
      .poll(async () => (await running(p)).length, { timeout: LEASE_TTL_MS + 30_000 })
      .toBe(allProjections.length);

    // Every acknowledged answer, on either host before or after the cut, shows through B once
    // the projector that took A's leases caught up.
    const last = acknowledged.reduce((max, x) => (x.position > max ? x.position : max), 0n);
    const missing = async () => {
      const list = await fetchAllPages<{ id: string }>(`${b.url}/api/responses/${question.id}`, {
        'X-Device-ID': reader,
        'X-Min-Position': String(last),
      });
      const ids = new Set(list.map((r) => r.id));
      return acknowledged.filter((x) => !ids.has(x.id));
    };
    await expect.poll(missing, { timeout: 20_000 }).toEqual([]);

    // A comes back and serves again; the leases stay with P, which still holds them.
    network!.restore('a');
    await expect
      .poll(async () => (await fetch(`${a.url}/healthz`)).status, { timeout: 15_000 })
      .toBe(200);
    await new Promise((resolve) => setTimeout(resolve, LEASE_TTL_MS));
    expect((await running(p)).length).toBe(allProjections.length);
  }, 180_000);
});
