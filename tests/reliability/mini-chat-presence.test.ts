import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { LiveChatServerMessage } from '../../domain/contracts/mini-live-chat';
import { spawnServer, type RealServer } from '../support/real-server';
import { newDeviceId } from '../support/test-app';

/** Short, so a killed process's people are seen to go within the test. */
const PRESENCE_TTL_MS = 3000;
const dataDir = mkdtempSync(join(tmpdir(), 'boon-chat-presence-'));
const processes: RealServer[] = [];
afterAll(async () => {
  await Promise.all(processes.map((p) => p.stop()));
  rmSync(dataDir, { recursive: true, force: true });
});

const start = async (role: 'all' | 'api') => {
  const process = await spawnServer({
    ROLE: role,
    DATA_DIR: dataDir,
    AUTH_SECRET: 'a-shared-secret-for-every-process-of-this-test',
    LIVE_CHAT_PRESENCE_TTL_MS: String(PRESENCE_TTL_MS),
  });
  processes.push(process);
  return process;
};

const register = async (base: string) => {
  for (;;) {
    const deviceId = newDeviceId();
    const post = (path: string, body: unknown) =>
      fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Device-ID': deviceId },
        body: JSON.stringify(body),
      });
    const offers = (await (await post('/api/user/generate-pseudonyms', {})).json()) as {
      pseudonyms: string[];
    };
    const pseudonym = offers.pseudonyms[0]!;
    const setup = await post('/api/user/setup', {
      pseudonym,
      privacyConsent: true,
      termsConsent: true,
    });
    if (setup.status === 201) return { deviceId, pseudonym };
    if (setup.status !== 409) throw new Error(`setup: ${setup.status}`);
  }
};

const until = async (predicate: () => boolean, ms: number) => {
  const deadline = Date.now() + ms;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

/** A socket in the chat of a process, once the process has listed who is online. */
const enter = async (server: RealServer, deviceId: string) => {
  const socket = new WebSocket(`${server.url.replace('http', 'ws')}/mini-chat`);
  const frames: LiveChatServerMessage[] = [];
  socket.on('message', (raw) => frames.push(JSON.parse(raw.toString()) as LiveChatServerMessage));
  socket.on('error', () => undefined);
  await new Promise((resolve) => socket.on('open', resolve));
  socket.send(JSON.stringify({ type: 'identify', deviceId }));
  await until(() => frames.some((f) => f.type === 'userList'), 20_000);
  return { socket, frames };
};

const logHead = async (server: RealServer) =>
  ((await (await fetch(`${server.url}/healthz`)).json()) as { projections: { head: string }[] })
    .projections[0]!.head;

describe('live chat presence across processes', () => {
  it('lets the people of a process killed with SIGKILL lapse, and writes nothing to the log', async () => {
    const all = await start('all');
    const api = await start('api');
    const watcher = await register(all.url);
    const ghost = await register(all.url);
    const watching = await enter(all, watcher.deviceId);
    const head = await logHead(all);

    const ghostSocket = await enter(api, ghost.deviceId);
    await until(
      () =>
        watching.frames.some(
          (f) => f.type === 'userJoined' && f.user.pseudonym === ghost.pseudonym,
        ),
      20_000,
    );
    const { user } = watching.frames.find(
      (f) => f.type === 'userJoined' && f.user.pseudonym === ghost.pseudonym,
    ) as Extract<LiveChatServerMessage, { type: 'userJoined' }>;

    // No goodbye: the process is gone before it could say one.
    await api.stop('SIGKILL');
    ghostSocket.socket.terminate();
    await until(
      () => watching.frames.some((f) => f.type === 'userLeft' && f.userId === user.id),
      PRESENCE_TTL_MS * 5,
    );
    expect(await logHead(all)).toBe(head);
    watching.socket.close();
  }, 90_000);
});
