import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { spawnServer, type RealServer } from '../support/real-server';

/**
 * Two processes on one data folder, each accepting few connections, both holding every client
 * address to a few /ws sockets (TRUST_PROXY: each test client names its address).
 */
const MAX_CONNECTIONS = 16;
const PER_ADDRESS = 4;

let dataDir: string;
let first: RealServer;
let second: RealServer;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'boon-live-sockets-'));
  const env = {
    DATA_DIR: dataDir,
    AUTH_SECRET: 'one-secret-shared-by-both-processes-of-this-test',
    TRUST_PROXY: 'loopback',
    MAX_CONNECTIONS: String(MAX_CONNECTIONS),
    LIVE_SOCKETS_PER_ADDRESS: String(PER_ADDRESS),
  };
  first = await spawnServer({ ...env, ROLE: 'all' });
  second = await spawnServer({ ...env, ROLE: 'api' });
}, 60_000);
afterAll(async () => {
  await second?.stop('SIGTERM');
  await first?.stop('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
});

type Opened = { socket: WebSocket; status: 101 } | { socket: null; status: number };

/** A /ws socket from `address`: open, or the status its upgrade was refused with. */
const open = (server: RealServer, address: string) =>
  new Promise<Opened>((resolve, reject) => {
    const socket = new WebSocket(`${server.url.replace('http', 'ws')}/ws`, {
      headers: { 'X-Forwarded-For': address },
    });
    socket.on('unexpected-response', (_req, res) => {
      resolve({ socket: null, status: res.statusCode ?? 0 });
      socket.terminate();
    });
    socket.on('open', () => resolve({ socket, status: 101 }));
    socket.on('error', reject);
  });

/** What a socket answers to an identify message of nobody in particular. */
const identified = (socket: WebSocket) =>
  new Promise<unknown>((resolve) => {
    socket.once('message', (raw) => resolve(JSON.parse(raw.toString())));
    socket.send(JSON.stringify({ type: 'identify' }));
  });

const flooder = '198.51.100.66';
const held: WebSocket[] = [];

describe('the /ws sockets of one client address', () => {
  it('are held to their share: one client cannot take every connection', async () => {
    const tries = await Promise.all(
      Array.from({ length: MAX_CONNECTIONS }, () => open(first, flooder)),
    );
    const opened = tries.flatMap((t) => (t.socket ? [t.socket] : []));
    held.push(...opened);
    expect(opened).toHaveLength(PER_ADDRESS);
    expect(tries.filter((t) => t.status === 429)).toHaveLength(MAX_CONNECTIONS - PER_ADDRESS);
    // Identified or not, they count: half of them say who they are.
    for (const socket of opened.slice(0, PER_ADDRESS / 2)) {
      expect(await identified(socket)).toMatchObject({ type: 'identified', registered: false });
    }
    expect((await open(first, flooder)).status).toBe(429);
    // Everyone else still gets in.
    const other = await open(first, '203.0.113.20');
    expect(other.status).toBe(101);
    expect(await identified(other.socket!)).toMatchObject({ type: 'identified' });
    other.socket!.close();
  }, 30_000);

  it('are counted over both processes: the other one refuses the address too, until one closes', async () => {
    expect(held).toHaveLength(PER_ADDRESS);
    expect((await open(second, flooder)).status).toBe(429);
    expect((await open(second, '203.0.113.21')).status).toBe(101);
    held.pop()!.close();
    // The other process learns of the close within a second or so.
    let again: Opened = { socket: null, status: 0 };
    const deadline = Date.now() + 10_000;
    while (again.status !== 101 && Date.now() < deadline) {
      again = await open(second, flooder);
      if (again.status !== 101) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(again.status).toBe(101);
    expect((await open(first, flooder)).status).toBe(429);
    for (const socket of [...held, again.socket!]) socket.close();
  }, 30_000);
});
