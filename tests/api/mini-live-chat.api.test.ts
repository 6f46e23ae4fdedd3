import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { handle } from '../../api/commands/run';
import { chatPresence } from '../../api/live/chat-presence';
import { addressKey, publicUserId } from '../../api/live/mini-chat-people';
import { startServer, type RunningServer } from '../../api/server';
import { openStores } from '../../api/stores';
import type { LiveChatServerMessage } from '../../domain/contracts/mini-live-chat';
import { moderations } from '../../domain/moderation/moderation';
import { loadConfig } from '../../infra/config';
import { silentLogger } from '../../infra/logger';
import { spawnServer, type RealServer } from '../support/real-server';
import { newDeviceId, testBank } from '../support/test-app';

/**
 * Two API processes on one data folder, and a projector in a process of its own: two read
 * stores in one thread on one file would wait on each other's write lock with the thread they
 * share blocked (a projector's unit of work lets the event loop run while it holds the lock).
 */
let projector: RealServer;
let first: RunningServer;
let second: RunningServer;
let dataDir: string;
/** The product's clock: it stands still, except where a test lets a lease lapse. */
let now = Date.parse('2026-11-22T15:00:00Z');

/** What both processes are configured with: the chat's limits, kept low to be reached. */
const LIMITS = { perPerson: 3, perAddress: 5 };

const configFor = (role: 'api') =>
  loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ROLE: role,
    AUTH_SECRET: 'one-secret-shared-by-both-processes-of-this-test',
    // Each test client says which address it comes from (X-Forwarded-For from this machine).
    TRUST_PROXY: 'loopback',
    LIVE_CHAT_SOCKETS_PER_PERSON: String(LIMITS.perPerson),
    LIVE_CHAT_SOCKETS_PER_ADDRESS: String(LIMITS.perAddress),
    // A device registered a moment ago is awaited from the projector's process, however loaded.
    READ_WAIT_MS: '10000',
  });

const start = (role: 'api') =>
  startServer({
    config: configFor(role),
    logger: silentLogger(),
    bank: testBank,
    clock: { now: () => new Date(now) },
    liveChat: { renewMs: 250 },
  });

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'boon-mini-live-'));
  projector = await spawnServer({
    ROLE: 'projector',
    DATA_DIR: dataDir,
    AUTH_SECRET: 'one-secret-shared-by-both-processes-of-this-test',
  });
  first = await start('api');
  second = await start('api');
});
afterAll(async () => {
  await second?.close();
  await first?.close();
  await projector?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * Registers a fresh device through the first process. Offers are not reserved, so people
 * registering at once may be offered the same name: a name taken meanwhile (409) is followed
 * by the next one offered, as a person would pick another.
 */
const register = async () => {
  const deviceId = newDeviceId();
  const call = (path: string, body: unknown) =>
    fetch(`${first.url}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Device-ID': deviceId },
      body: JSON.stringify(body),
    });
  for (let attempt = 0; attempt < 3; attempt++) {
    const offers = await call('/api/user/generate-pseudonyms', {});
    const { pseudonyms } = (await offers.json()) as { pseudonyms: string[] };
    for (const pseudonym of pseudonyms) {
      const setup = await call('/api/user/setup', {
        pseudonym,
        privacyConsent: true,
        termsConsent: true,
      });
      if (setup.ok) return { deviceId, pseudonym };
      if (setup.status !== 409) throw new Error(`setup answered ${setup.status}`);
    }
  }
  throw new Error('every name offered was taken');
};

type Client = {
  socket: WebSocket;
  frames: LiveChatServerMessage[];
  closed: Promise<{ code: number; reason: string }>;
  say(content: string): void;
};

let addresses = 0;
/** A client address of its own (TEST-NET-3), so one test's sockets never count against another's. */
const freshAddress = () => `203.0.113.${++addresses % 250}`;

/**
 * Opens /mini-chat on a process; `identify` is what the socket sends first (null: nothing);
 * `address` is where it comes from.
 */
const open = (
  server: RunningServer,
  identify: Record<string, unknown> | null,
  address = freshAddress(),
) =>
  new Promise<Client>((resolve, reject) => {
    const socket = new WebSocket(`${server.url.replace('http', 'ws')}/mini-chat`, {
      headers: { 'X-Forwarded-For': address },
    });
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
const enter = async (server: RunningServer, deviceId: string, address?: string) => {
  const client = await open(server, { deviceId }, address);
  let refused: { code: number; reason: string } | null = null;
  void client.closed.then((closed) => (refused = closed));
  await until(() => refused !== null || client.frames.some((f) => f.type === 'userList'));
  if (refused) throw new Error(`The chat refused the socket: ${JSON.stringify(refused)}`);
  return client;
};

/** Enters once a place is free: the presence of a socket just closed goes a moment later. */
const retryEnter = async (server: RunningServer, deviceId: string) => {
  // Within 30 s however loaded the machine (the place is freed through the other process).
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      return await enter(server, deviceId);
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
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
        isOwn: false,
        moderation: null,
      },
    });
    expect(anaSocket.frames.find((f) => f.type === 'message')).toMatchObject({
      message: { content: 'Hello from the first process', isOwn: true },
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

  it('appends nothing to the log for joining and leaving: presence is not history', async () => {
    const people = await Promise.all(Array.from({ length: 6 }, register));
    const watcher = await enter(first, (await register()).deviceId);
    const head = await first.context.events.headPosition();
    for (let round = 0; round < 5; round++) {
      const clients = await Promise.all(
        people.map((p, i) => enter(i % 2 ? second : first, p.deviceId)),
      );
      for (const client of clients) client.socket.close();
      await Promise.all(clients.map((client) => client.closed));
    }
    // Everyone came and went on both processes. The watcher's process announces what it sees
    // change between two looks at who is present: each coming and going on its own process,
    // and those on the other process it saw; one that came and went there between two looks is
    // announced neither coming nor going. Whoever the watcher was told of, it ends with nobody.
    const names = new Set(people.map((p) => p.pseudonym));
    const comings = () =>
      watcher.frames.flatMap((f) =>
        f.type === 'userJoined' && names.has(f.user.pseudonym) ? [f.user.id] : [],
      );
    const stillHere = () => {
      const here = new Map<string, number>();
      for (const f of watcher.frames) {
        if (f.type === 'userJoined' && names.has(f.user.pseudonym)) {
          here.set(f.user.id, (here.get(f.user.id) ?? 0) + 1);
        }
        if (f.type === 'userLeft' && here.has(f.userId)) {
          here.set(f.userId, here.get(f.userId)! - 1);
        }
      }
      return [...here.values()].filter((count) => count !== 0);
    };
    // The three on the watcher's process, five times each, were all seen coming.
    await until(() => comings().length >= (people.length / 2) * 5 && stillHere().length === 0);
    expect(await first.context.events.headPosition()).toBe(head);
    watcher.socket.close();
  }, 60_000);

  it('counts the people of a process that stopped renewing as gone once their presence lapses', async () => {
    const watcher = await enter(first, (await register()).deviceId);
    // Another process on the same data folder, which then dies without a goodbye: its entry
    // stays in the store, unrenewed.
    const crashed = await openStores(configFor('api'), silentLogger());
    const ctx = first.context;
    await chatPresence(crashed.readStore, { ttlMs: 60_000, now: () => now }).join(
      {
        _id: 'socket-on-the-crashed-process',
        processId: 'crashed-process',
        userId: publicUserId(ctx, 'someone-on-the-crashed-process'),
        pseudonym: 'Quiet Heron',
        archetype: null,
        addressKey: addressKey(ctx, '198.51.100.1'),
        joinedAt: new Date(now).toISOString(),
      },
      { socketsPerPerson: 1, socketsPerAddress: 1 },
    );
    await crashed.close();
    await until(() =>
      watcher.frames.some((f) => f.type === 'userJoined' && f.user.pseudonym === 'Quiet Heron'),
    );
    const ghost = watcher.frames.find(
      (f) => f.type === 'userJoined' && f.user.pseudonym === 'Quiet Heron',
    ) as Extract<LiveChatServerMessage, { type: 'userJoined' }>;

    now += 61_000;
    await until(() =>
      watcher.frames.some((f) => f.type === 'userLeft' && f.userId === ghost.user.id),
    );
    watcher.socket.close();
  });

  it('holds one person to their share of sockets, over both processes', async () => {
    const { deviceId } = await register();
    const held = [
      await enter(first, deviceId),
      await enter(second, deviceId),
      await enter(first, deviceId),
    ];
    const extra = await open(second, { deviceId });
    expect(await extra.closed).toMatchObject({ code: 4429 });
    expect(extra.frames).toEqual([]);
    // One closes: a place is free again.
    held.pop()!.socket.close();
    const again = await retryEnter(second, deviceId);
    for (const client of [...held, again]) client.socket.close();
  }, 60_000);

  it('holds one address to its share of sockets, at the door and over both processes', async () => {
    const address = '198.51.100.77';
    const people = await Promise.all(Array.from({ length: LIMITS.perAddress + 1 }, register));
    const held = [];
    for (const person of people.slice(0, LIMITS.perAddress)) {
      held.push(await enter(first, person.deviceId, address));
    }
    // This process refuses the next at the door: no WebSocket at all.
    const refused = await new Promise<number>((resolve) => {
      const socket = new WebSocket(`${first.url.replace('http', 'ws')}/mini-chat`, {
        headers: { 'X-Forwarded-For': address },
      });
      socket.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      socket.on('open', () => resolve(101));
    });
    expect(refused).toBe(429);
    // The other process lets it in, then finds the address's share taken.
    const elsewhere = await open(second, { deviceId: people.at(-1)!.deviceId }, address);
    expect(await elsewhere.closed).toMatchObject({ code: 4429 });
    for (const client of held) client.socket.close();
  });

  it('lets a person who erased their data go from the chat on every process', async () => {
    const ann = await register();
    const watcher = await enter(first, (await register()).deviceId);
    const annSocket = await enter(second, ann.deviceId);
    await until(() =>
      watcher.frames.some((f) => f.type === 'userJoined' && f.user.pseudonym === ann.pseudonym),
    );
    const erased = await fetch(`${first.url}/api/user/data`, {
      method: 'DELETE',
      headers: { 'Content-Type': 'application/json', 'X-Device-ID': ann.deviceId },
      body: JSON.stringify({ confirm: true }),
    });
    expect(erased.status).toBe(200);
    expect(await annSocket.closed).toEqual({ code: 4403, reason: 'Register first' });
    await until(() => watcher.frames.some((f) => f.type === 'userLeft'));
    watcher.socket.close();
  });
  it('takes a message a moderator hid from everyone but its author, live, and gives it back when restored', async () => {
    const ana = await register();
    const ben = await register();
    const anaSocket = await enter(first, ana.deviceId);
    const benSocket = await enter(second, ben.deviceId);
    anaSocket.say('A message to be reported');
    await until(() => texts(benSocket).includes('A message to be reported'));
    const sent = benSocket.frames.find(
      (f) => f.type === 'message' && f.message.content === 'A message to be reported',
    ) as Extract<LiveChatServerMessage, { type: 'message' }>;
    const messageId = sent.message.id;
    const registered = (await first.context.events.readAll({ maxCount: 1_000_000 })).find(
      (e) =>
        e.type === 'DeviceRegistered' &&
        (e.data as { pseudonym: string }).pseudonym === ana.pseudonym,
    )!;
    const authorId = (registered.data as { userId: string }).userId;
    const target = { kind: 'chat' as const, id: messageId };
    await handle(first.context, moderations, {
      type: 'ReportItem',
      reportId: `report-${messageId}`,
      target,
      authorId,
      questionId: null,
      parentId: null,
      reporterId: 'someone-else',
      reporterPseudonym: ben.pseudonym,
      reason: 'spam',
      text: null,
      holdThreshold: 3,
      at: new Date(now),
    });
    const decide = (action: 'hide' | 'restore') =>
      handle(first.context, moderations, {
        type: 'ResolveReports',
        target,
        action,
        by: 'admin',
        note: null,
        at: new Date(now),
      });
    await decide('hide');
    await until(() =>
      benSocket.frames.some((f) => f.type === 'messageRemoved' && f.id === messageId),
    );
    await until(() =>
      anaSocket.frames.some(
        (f) =>
          f.type === 'message' &&
          f.message.id === messageId &&
          f.message.moderation?.visibility === 'hidden',
      ),
    );
    // A newcomer never gets it; its author, joining again, sees it with why.
    const carol = await enter(first, (await register()).deviceId);
    benSocket.say('After the hide');
    await until(() => texts(carol).includes('After the hide'));
    expect(texts(carol)).not.toContain('A message to be reported');
    await decide('restore');
    await until(
      () =>
        benSocket.frames.filter((f) => f.type === 'message' && f.message.id === messageId)
          .length === 2,
    );
    anaSocket.socket.close();
    benSocket.socket.close();
    carol.socket.close();
  }, 60_000);
});
