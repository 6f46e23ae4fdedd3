import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { handle } from '../../api/commands/run';
import { startServer, type RunningServer } from '../../api/server';
import type { LiveChatServerMessage } from '../../domain/contracts/mini-live-chat';
import { liveChatConnections, liveChatProcesses } from '../../domain/mini/live-chat';
import { loadConfig } from '../../infra/config';
import { silentLogger } from '../../infra/logger';
import { newDeviceId, testBank } from '../support/test-app';

/** Two API processes on one data folder: one also projects, the other only serves. */
let first: RunningServer;
let second: RunningServer;
let dataDir: string;
/** The product's clock: it stands still, except where a test lets a lease lapse. */
let now = Date.parse('2026-11-22T15:00:00Z');

const start = (role: 'all' | 'api') =>
  startServer({
    config: loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      ROLE: role,
      AUTH_SECRET: 'one-secret-shared-by-both-processes-of-this-test',
    }),
    logger: silentLogger(),
    bank: testBank,
    clock: { now: () => new Date(now) },
    liveChat: { leaseMs: 60_000, renewMs: 250 },
  });

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'boon-mini-live-'));
  first = await start('all');
  second = await start('api');
});
afterAll(async () => {
  await second.close();
  await first.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const register = async () => {
  const deviceId = newDeviceId();
  const call = async (path: string, body: unknown) => {
    const res = await fetch(`${first.url}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Device-ID': deviceId },
      body: JSON.stringify(body),
    });
    return (await res.json()) as { pseudonyms: string[] };
  };
  const { pseudonyms } = await call('/api/user/generate-pseudonyms', {});
  await call('/api/user/setup', {
    pseudonym: pseudonyms[0],
    privacyConsent: true,
    termsConsent: true,
  });
  return { deviceId, pseudonym: pseudonyms[0]! };
};

type Client = {
  socket: WebSocket;
  frames: LiveChatServerMessage[];
  closed: Promise<{ code: number; reason: string }>;
  say(content: string): void;
};

/** Opens /mini-chat on a process; `identify` is what the socket sends first (null: nothing). */
const open = (server: RunningServer, identify: Record<string, unknown> | null) =>
  new Promise<Client>((resolve, reject) => {
    const socket = new WebSocket(`${server.url.replace('http', 'ws')}/mini-chat`);
    const frames: LiveChatServerMessage[] = [];
    const closed = new Promise<{ code: number; reason: string }>((done) =>
      socket.on('close', (code, reason) => done({ code, reason: reason.toString() })),
    );
    socket.on('message', (raw) => frames.push(JSON.parse(raw.toString()) as LiveChatServerMessage));
    socket.on('error', reject);
    socket.on('open', () => {
      if (identify) socket.send(JSON.stringify({ type: 'identify', ...identify }));
      resolve({
        socket,
        frames,
        closed,
        say: (content) => socket.send(JSON.stringify({ type: 'message', content })),
      });
    });
  });

const until = async (predicate: () => boolean, ms = 15_000) => {
  const deadline = Date.now() + ms;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
};

/** Joins as a registered person and waits for the online list (the sign the socket is in). */
const enter = async (server: RunningServer, deviceId: string) => {
  const client = await open(server, { deviceId });
  let refused: { code: number; reason: string } | null = null;
  void client.closed.then((closed) => (refused = closed));
  await until(() => refused !== null || client.frames.some((f) => f.type === 'userList'));
  if (refused) throw new Error(`The chat refused the socket: ${JSON.stringify(refused)}`);
  return client;
};

const texts = (client: Client) =>
  client.frames.flatMap((f) => (f.type === 'message' ? [f.message.content] : []));
const errors = (client: Client) => client.frames.filter((f) => f.type === 'error');

describe('the live chat at /mini-chat', () => {
  it('lets two people on two processes see each other join, talk and leave', async () => {
    const ana = await register();
    const ben = await register();
    const anaSocket = await enter(first, ana.deviceId);
    const benSocket = await enter(second, ben.deviceId);

    const benList = benSocket.frames.find((f) => f.type === 'userList');
    expect(benList).toMatchObject({
      users: expect.arrayContaining([
        { id: expect.any(String), pseudonym: ana.pseudonym, archetype: null },
        { id: expect.any(String), pseudonym: ben.pseudonym, archetype: null },
      ]),
    });
    await until(() =>
      anaSocket.frames.some((f) => f.type === 'userJoined' && f.user.pseudonym === ben.pseudonym),
    );

    anaSocket.say('Hello from the first process');
    await until(() => texts(benSocket).includes('Hello from the first process'));
    await until(() => texts(anaSocket).includes('Hello from the first process'));
    const heard = benSocket.frames.find((f) => f.type === 'message');
    expect(heard).toEqual({
      type: 'message',
      message: {
        id: expect.any(String),
        pseudonym: ana.pseudonym,
        archetype: null,
        content: 'Hello from the first process',
        timestamp: '2026-11-22T15:00:00.000Z',
      },
    });
    benSocket.say('And back from the second');
    await until(() => texts(anaSocket).includes('And back from the second'));

    const benId = (
      anaSocket.frames.find(
        (f) => f.type === 'userJoined' && f.user.pseudonym === ben.pseudonym,
      ) as Extract<LiveChatServerMessage, { type: 'userJoined' }>
    ).user.id;
    benSocket.socket.close();
    await until(() => anaSocket.frames.some((f) => f.type === 'userLeft' && f.userId === benId));

    // No device id ever reaches another person.
    expect(JSON.stringify(anaSocket.frames)).not.toContain(ben.deviceId);
    anaSocket.socket.close();
  });

  it('gives a newcomer the last 50 messages, oldest first', async () => {
    const talkers = await Promise.all(Array.from({ length: 11 }, register));
    const sent: string[] = [];
    for (const [i, talker] of talkers.entries()) {
      const client = await enter(i % 2 ? second : first, talker.deviceId);
      const mine = Array.from({ length: 5 }, (_, n) => `history ${i * 5 + n}`);
      for (const text of mine) client.say(text);
      await until(() => mine.every((text) => texts(client).includes(text)));
      sent.push(...mine);
      client.socket.close();
    }
    const newcomer = await enter(second, (await register()).deviceId);
    await until(() => texts(newcomer).length >= 50);
    expect(texts(newcomer).slice(-50)).toEqual(sent.slice(-50));
    expect(texts(newcomer)).not.toContain(sent[4]);
    newcomer.socket.close();
    // Twelve people join, talk and leave one after another: slow on a busy machine.
  }, 60_000);

  it('holds each person to 5 messages in 10 seconds with an error frame', async () => {
    const talker = await enter(first, (await register()).deviceId);
    const listener = await enter(second, (await register()).deviceId);
    for (let n = 1; n <= 6; n++) talker.say(`paced ${n}`);
    await until(() => errors(talker).length === 1);
    expect(errors(talker)[0]).toEqual({
      type: 'error',
      code: 'rate_limited',
      message: expect.stringContaining('5 messages every 10 seconds'),
    });
    await until(() => texts(listener).includes('paced 5'));
    expect(texts(listener).filter((t) => t.startsWith('paced'))).toHaveLength(5);
    talker.socket.close();
    listener.socket.close();
  });

  it('refuses blank and over-long messages with an error frame, sending nothing', async () => {
    const talker = await enter(first, (await register()).deviceId);
    talker.say('   ');
    talker.say('x'.repeat(501));
    await until(() => errors(talker).length === 2);
    expect(errors(talker).map((e) => e.type === 'error' && e.code)).toEqual(['invalid', 'invalid']);
    talker.say('x'.repeat(500));
    await until(() => texts(talker).includes('x'.repeat(500)));
    talker.socket.close();
  });

  it('closes only the socket that sends a malformed or oversized frame', async () => {
    const bystander = await enter(second, (await register()).deviceId);
    const malformed = await enter(second, (await register()).deviceId);
    malformed.socket.send('{not json');
    expect(await malformed.closed).toEqual({ code: 4400, reason: 'Malformed message' });
    const unknownType = await enter(second, (await register()).deviceId);
    unknownType.socket.send(JSON.stringify({ type: 'shout', content: 'hi' }));
    expect((await unknownType.closed).code).toBe(4400);
    const huge = await enter(second, (await register()).deviceId);
    huge.socket.send(JSON.stringify({ type: 'message', content: 'x'.repeat(2 * 1024 * 1024) }));
    expect((await huge.closed).code).toBe(1009);

    bystander.say('still here');
    await until(() => texts(bystander).includes('still here'));
    bystander.socket.close();
  });

  it('refuses a socket of an unregistered device, and one that does not identify first', async () => {
    const stranger = await open(first, { deviceId: newDeviceId() });
    expect(await stranger.closed).toEqual({ code: 4403, reason: 'Register first' });
    expect(stranger.frames).toEqual([]);

    const hasty = await open(first, null);
    hasty.say('before saying who I am');
    expect(await hasty.closed).toEqual({ code: 4401, reason: 'Identify first' });
    expect(hasty.frames).toEqual([]);
  });

  it('counts the people of a process that stopped renewing its lease as gone', async () => {
    const watcher = await enter(first, (await register()).deviceId);
    const ctx = first.context;
    await handle(ctx, liveChatProcesses, {
      type: 'RenewLiveChatProcess',
      processId: 'crashed-process',
      leaseMs: 1000,
      at: ctx.clock.now(),
    });
    await handle(ctx, liveChatConnections, {
      type: 'JoinLiveChat',
      connectionId: 'socket-on-the-crashed-process',
      processId: 'crashed-process',
      personId: 'someone-on-the-crashed-process',
      pseudonym: 'Quiet Heron',
      archetype: null,
      at: ctx.clock.now(),
    });
    await until(() =>
      watcher.frames.some((f) => f.type === 'userJoined' && f.user.pseudonym === 'Quiet Heron'),
    );
    const ghost = watcher.frames.find(
      (f) => f.type === 'userJoined' && f.user.pseudonym === 'Quiet Heron',
    ) as Extract<LiveChatServerMessage, { type: 'userJoined' }>;

    now += 2000;
    await until(() =>
      watcher.frames.some((f) => f.type === 'userLeft' && f.userId === ghost.user.id),
    );
    watcher.socket.close();
  });
});
